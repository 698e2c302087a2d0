import { useTranslation } from 'react-i18next';
import { Button, Alert, Stack } from 'shared-ui';

/** What a page shows when what it needs could not be loaded, with a way to ask again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
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
