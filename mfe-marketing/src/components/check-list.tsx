import styled from 'styled-components';

const List = styled.ul`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    gap: 10px;
    align-items: flex-start;
  }
  svg {
    flex: none;
    width: 20px;
    height: 20px;
    margin-top: 3px;
    color: ${({ theme }) => theme.colors.primaryGreen};
  }
`;

export function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M6 10.5l2.5 2.5L14 7.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** A bulleted list whose bullets are check marks. */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <List role="list">
      {items.map((item) => (
        <li key={item}>
          <CheckIcon />
          <span>{item}</span>
        </li>
      ))}
    </List>
  );
}
