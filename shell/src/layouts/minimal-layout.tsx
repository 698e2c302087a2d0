import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ColorModeSwitch, Container } from 'shared-ui';
import { HeaderBar, HeaderRow, Main, Page, SkipLink } from './layout-frame';
import { Logo } from './logo';

/** product-spec.md §2 "minimal" layout (the help center): a slim header and the page. */
export function MinimalLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <Page>
      <SkipLink href="#content">{t('skipToContent')}</SkipLink>
      <HeaderBar>
        <Container>
          <HeaderRow>
            <Logo />
            <Link to="/">{t('minimal.backToSite')}</Link>
            <ColorModeSwitch />
          </HeaderRow>
        </Container>
      </HeaderBar>
      <Main id="content" tabIndex={-1}>
        {children}
      </Main>
    </Page>
  );
}
