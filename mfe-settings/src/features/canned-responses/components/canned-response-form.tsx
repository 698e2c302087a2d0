import { useTranslation } from 'react-i18next';
import type { CannedResponse } from 'shared-sdk/schemas';
import { Button, Stack } from 'shared-ui';
import { apiErrorMessage, TextAreaField, TextField, useSchemaForm } from 'shared-ui/controls';
import { createCannedResponse, updateCannedResponse } from '../api/canned-responses-api';

/**
 * Adds a saved reply, or changes one (`response`); checked by the API's own schema, a taken
 * shortcut reported beside the shortcut field.
 */
export function CannedResponseForm({
  workspaceId,
  response,
  onDone,
}: {
  workspaceId: string;
  response?: CannedResponse;
  /** After a save, or on Cancel when editing. */
  onDone?: () => void;
}) {
  const { t } = useTranslation('canned-responses');
  const { t: tCommon } = useTranslation('common');
  const empty = { shortcut: '', content: '' };
  const form = useSchemaForm({
    schema: () =>
      import('shared-sdk/schemas').then((schemas) => schemas.createCannedResponseRequestSchema),
    initialValues: response ? { shortcut: response.shortcut, content: response.content } : empty,
    toInput: (values) => ({ workspaceId, ...values }),
    describeFailure: (error) => {
      const message = apiErrorMessage(tCommon, error, t('form.failed'));
      return /shortcut/i.test(message) ? { message, field: 'shortcut' } : { message };
    },
    async send(data) {
      if (response) {
        return updateCannedResponse({ ...data, cannedResponseId: response.id });
      }
      return createCannedResponse(data);
    },
    reportDone(saved, toast) {
      toast.success(t(response ? 'form.saved' : 'form.added', { shortcut: saved.shortcut }));
      onDone?.();
    },
    // A new reply's form starts empty again for the next one.
    valuesAfterSuccess: (_saved, submitted) => (response ? submitted : empty),
  });
  const submitting = form.state.status === 'submitting';
  return (
    <form
      aria-label={response ? t('form.editLabel', { shortcut: response.shortcut }) : undefined}
      noValidate
      onSubmit={(event) => void form.handleSubmit(event)}
    >
      <Stack $gap={4}>
        <TextField
          label={t('form.shortcut')}
          hint={t('form.shortcutHint')}
          autoComplete="off"
          spellCheck={false}
          required
          {...form.field('shortcut')}
        />
        <TextAreaField label={t('form.content')} rows={4} required {...form.field('content')} />
        <Stack $direction="row" $gap={2}>
          <Button type="submit" aria-disabled={submitting}>
            {submitting ? t('form.saving') : response ? t('form.save') : t('form.add')}
          </Button>
          {response ? (
            <Button type="button" $variant="ghost" onClick={onDone}>
              {t('form.cancel')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </form>
  );
}
