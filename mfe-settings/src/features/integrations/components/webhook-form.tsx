import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { webhookEventNames } from 'shared-sdk';
import type { CreateWebhookResponse, Webhook } from 'shared-sdk';
import { Button, Stack } from 'shared-ui';
import { apiErrorMessage, TextField, useSchemaForm } from 'shared-ui/controls';
import { createWebhook, updateWebhook } from '../api/integrations-api';

const Events = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: 8px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 12px 16px;
  legend {
    font-weight: 600;
  }
`;
const EventsError = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  color: ${({ theme }) => theme.colors.red};
`;

const splitEvents = (text: string) => (text ? text.split(',') : []);

/**
 * Adds a webhook, or changes one's address and events; validated by the API's own schema.
 * `onCreated` gets the secret, which the server shows this once.
 */
export function WebhookForm({
  workspaceId,
  webhook,
  onCreated,
  onDone,
}: {
  workspaceId: string;
  webhook?: Webhook;
  onCreated: (created: CreateWebhookResponse) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('integrations');
  const { t: tCommon } = useTranslation('common');
  const form = useSchemaForm({
    schema: () =>
      import('shared-sdk/schemas').then((schemas) => schemas.createWebhookRequestSchema),
    initialValues: { url: webhook?.url ?? '', events: (webhook?.events ?? []).join(',') },
    toInput: (values) => ({
      workspaceId,
      url: values.url.trim(),
      events: splitEvents(values.events),
    }),
    describeFailure: (error) => ({ message: apiErrorMessage(tCommon, error, t('form.failed')) }),
    async send(data) {
      if (webhook) {
        await updateWebhook({ ...data, webhookId: webhook.id });
        return null;
      }
      return createWebhook(data);
    },
    reportDone(created, toast) {
      toast.success(t('form.saved'));
      if (created) onCreated(created);
      onDone();
    },
  });
  const chosen = splitEvents(form.values.events);
  const toggle = (event: string) =>
    form.setValue(
      'events',
      webhookEventNames
        .filter((name) => (name === event ? !chosen.includes(name) : chosen.includes(name)))
        .join(','),
    );

  return (
    <form
      aria-label={webhook ? t('form.editLabel') : t('form.addLabel')}
      noValidate
      onSubmit={(event) => void form.handleSubmit(event)}
    >
      <Stack $gap={4}>
        <TextField
          label={t('form.url')}
          hint={t('form.urlHint')}
          type="url"
          inputMode="url"
          required
          {...form.field('url')}
        />
        <Events aria-describedby={form.errors.events ? 'webhook-events-error' : undefined}>
          <legend>{t('form.events')}</legend>
          {webhookEventNames.map((event) => (
            <label key={event}>
              <input
                type="checkbox"
                name={
                  chosen[0] === event || (chosen.length === 0 && event === webhookEventNames[0])
                    ? 'events'
                    : undefined
                }
                checked={chosen.includes(event)}
                onChange={() => toggle(event)}
              />{' '}
              {event}
            </label>
          ))}
          {form.errors.events ? (
            <EventsError id="webhook-events-error">{form.errors.events}</EventsError>
          ) : null}
        </Events>
        <Stack $direction="row" $gap={2}>
          <Button type="submit" aria-disabled={form.state.status === 'submitting'}>
            {form.state.status === 'submitting'
              ? t('form.saving')
              : webhook
                ? t('form.save')
                : t('form.create')}
          </Button>
          <Button type="button" $variant="ghost" onClick={onDone}>
            {t('webhooks.closeForm')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
