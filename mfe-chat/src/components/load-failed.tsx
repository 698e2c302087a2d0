import { useTranslation } from 'react-i18next';
import { Alert, Button, Stack } from 'shared-ui';
import { chatNamespace } from './chat-translations';

/** What a page shows when what it needs could not be loaded, with a way to ask again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation(chatNamespace);
  return (
    <Alert tone="error">
      <Stack $gap={3}>
        <span>{message}</span>
        <div>
          <Button type="button" $variant="secondary" onClick={onRetry}>
            {t('retry')}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}
