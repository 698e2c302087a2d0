import styled from 'styled-components';

export interface FaqItem {
  question: string;
  answer: string;
}

const List = styled.div`
  display: grid;
  gap: 12px;
`;

const Item = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  summary {
    padding: 16px 20px;
    font-weight: 600;
    cursor: pointer;
  }
  p {
    margin: 0;
    padding: 0 20px 16px;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

/** Questions that open to show their answer (native disclosure, keyboard-ready). */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <List>
      {items.map((item) => (
        <Item key={item.question}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </Item>
      ))}
    </List>
  );
}
