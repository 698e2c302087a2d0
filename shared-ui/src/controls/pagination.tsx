import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

const PageLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 16px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-weight: 600;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.textPrimary};
`;

const DisabledLink = styled.span`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 16px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.pill};
  color: ${({ theme }) => theme.colors.textDisabled};
`;

const Status = styled.span`
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/**
 * Previous and next links around "page n of m". Each page is a URL (product-spec.md §9: paging lives in
 * the query), so it can be bookmarked, shared and opened directly.
 */
export function Pagination({
  label,
  status,
  previous,
  next,
}: {
  label: string;
  /** "Page 2 of 5", announced as it changes. */
  status: string;
  previous: { label: string; href: string | undefined };
  next: { label: string; href: string | undefined };
}) {
  const item = ({ label: text, href }: { label: string; href: string | undefined }) =>
    href ? (
      <PageLink to={href}>{text}</PageLink>
    ) : (
      <DisabledLink aria-disabled="true">{text}</DisabledLink>
    );
  return (
    // A group, not a nav landmark: the shell's layout owns the page's landmarks.
    <Group role="group" aria-label={label}>
      {item(previous)}
      <Status aria-live="polite">{status}</Status>
      {item(next)}
    </Group>
  );
}
