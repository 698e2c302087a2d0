import type { ReactNode } from 'react';
import { Container } from 'shared-ui';
import { HeaderBar, HeaderRow, Main, Page } from './layout-frame';
import { Logo } from './logo';

/** product-spec.md §2 "error" layout: the logo and the error, nothing that could fail again. */
export function ErrorLayout({ children }: { children: ReactNode }) {
  return (
    <Page>
      <HeaderBar>
        <Container>
          <HeaderRow>
            <Logo />
          </HeaderRow>
        </Container>
      </HeaderBar>
      <Main id="content" tabIndex={-1}>
        {children}
      </Main>
    </Page>
  );
}
