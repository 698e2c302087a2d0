import styled from 'styled-components';
import { ColorModeSwitch, up } from 'shared-ui';
import type { LayoutProps } from './layout-props';
import { Main, SkipLink } from './layout-frame';
import { Logo } from './logo';
import { useTranslation } from 'react-i18next';

const Screen = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 24px;
  padding: 32px 16px;
  background: ${({ theme }) => theme.colors.surface};
`;

const Top = styled.div`
  width: 100%;
  max-width: 440px;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
`;

const Panel = styled(Main)`
  flex: 0 0 auto;
  width: 100%;
  max-width: 440px;
  padding: 24px;
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.lg};
  ${up('sm')} {
    padding: 32px;
  }
`;

/** product-spec.md §2 "auth" layout: /login and /forgot-password. */
export function AuthLayout({ children }: LayoutProps) {
  const { t } = useTranslation('shell');
  return (
    <Screen>
      <SkipLink href="#content">{t('skipToContent')}</SkipLink>
      <Top>
        <Logo />
        <ColorModeSwitch />
      </Top>
      <Panel id="content" tabIndex={-1}>
        {children}
      </Panel>
    </Screen>
  );
}
