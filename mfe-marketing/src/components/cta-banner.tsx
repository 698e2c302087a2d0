import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Container, up } from 'shared-ui';
import { siteNamespace } from '../i18n/site-translations';

const Band = styled.section`
  padding: 48px 0 64px;
`;

const Panel = styled.div`
  padding: 32px 24px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-left: 6px solid ${({ theme }) => theme.colors.primaryBlue};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  ${up('md')} {
    padding: 40px 48px;
  }
  h2 {
    font-size: clamp(1.5rem, 2vw + 1rem, 2rem);
  }
  p {
    max-width: 60ch;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

interface CtaBannerProps {
  title?: string;
  body?: string;
}

/** The closing call to action: start free, get a demo, or read the prices. */
export function CtaBanner({ title, body }: CtaBannerProps) {
  const { t } = useTranslation(siteNamespace);
  const headingId = useId();
  return (
    <Band aria-labelledby={headingId}>
      <Container>
        <Panel>
          <h2 id={headingId}>{title ?? t('cta.title')}</h2>
          <p>{body ?? t('cta.body')}</p>
          <Actions>
            <Button as={Link} to="/signup" $size="lg">
              {t('cta.start')}
            </Button>
            <Button as={Link} to="/get-a-demo" $variant="secondary" $size="lg">
              {t('cta.demo')}
            </Button>
            <Button as={Link} to="/pricing" $variant="ghost" $size="lg">
              {t('cta.pricing')}
            </Button>
          </Actions>
        </Panel>
      </Container>
    </Band>
  );
}
