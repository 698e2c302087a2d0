import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Line = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** "Grace Hopper is viewing this conversation", so that two agents do not answer at once. */
export function ViewingColleagues({
  viewers,
  nameOfMember,
}: {
  viewers: string[];
  nameOfMember: (userId: string) => string;
}) {
  const { t } = useTranslation('conversation');
  const names = viewers.map(nameOfMember);
  return (
    <Line role="status">
      {names.length > 0
        ? t('presence.viewing', { count: names.length, names: names.join(', ') })
        : ''}
    </Line>
  );
}
