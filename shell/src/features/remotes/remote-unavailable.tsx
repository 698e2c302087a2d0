import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Card, Container } from 'shared-ui';

const Box = styled(Card)`
  margin: 48px auto;
  max-width: 560px;
  text-align: center;
`;

/** Shown inside the layout when a remote cannot load or throws while rendering. */
export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Container>
      <Box role="alert" data-testid="remote-unavailable">
        <h1>{t('remoteUnavailable.title')}</h1>
        <p>{t('remoteUnavailable.body')}</p>
        <Button type="button" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Box>
    </Container>
  );
}
