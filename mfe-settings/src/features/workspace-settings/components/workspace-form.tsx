import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Workspace } from 'shared-sdk';
import { Button, Spinner } from 'shared-ui';
import { SelectField, TextField, apiErrorMessage, useSchemaForm } from 'shared-ui/controls';
import { FieldRow } from '../../../components/settings-page';
import { updateWorkspace } from '../api/workspace-settings-api';

/** The ISO 4217 codes the browser knows, for the currency list. */
const currencies = Intl.supportedValuesOf('currency');

/**
 * The workspace's name, web site, currency, ticket forwarding e-mail and colour (product-spec.md §7 PATCH
 * /api/user/workspaces).
 */
export function WorkspaceForm({ workspace }: { workspace: Workspace }) {
  const { t, i18n } = useTranslation('workspace-settings');
  const { t: tCommon } = useTranslation('common');
  const titleId = useId();
  const names = new Intl.DisplayNames([i18n.language], { type: 'currency' });
  const { state, field, handleSubmit } = useSchemaForm({
    schema: () =>
      import('shared-sdk/schemas').then((schemas) => schemas.updateWorkspaceRequestSchema),
    initialValues: {
      workspaceName: workspace.name,
      websiteUrl: workspace.url,
      currency: workspace.currency,
      ticketForwardingEmail: workspace.ticketForwardingEmail ?? '',
      backgroundColor: workspace.backgroundColor,
    },
    toInput: ({ ticketForwardingEmail, ...typed }) => ({
      workspaceId: workspace.id,
      ...typed,
      // Emptied: tickets are no longer forwarded.
      ticketForwardingEmail: ticketForwardingEmail.trim() || null,
    }),
    describeFailure: (error) => ({ message: apiErrorMessage(tCommon, error, t('form.failed')) }),
    send: updateWorkspace,
    reportDone: (_saved, toast) => toast.success(t('form.saved')),
  });
  const submitting = state.status === 'submitting';

  return (
    <form noValidate aria-labelledby={titleId} onSubmit={handleSubmit}>
      <h2 id={titleId}>{t('form.title')}</h2>
      <FieldRow>
        <TextField label={t('form.name')} autoComplete="organization" {...field('workspaceName')} />
        <TextField label={t('form.website')} type="url" {...field('websiteUrl')} />
      </FieldRow>
      <SelectField label={t('form.currency')} hint={t('form.currencyHint')} {...field('currency')}>
        {currencies.map((code) => (
          <option key={code} value={code}>
            {code} — {names.of(code)}
          </option>
        ))}
      </SelectField>
      <FieldRow>
        <TextField
          label={t('form.ticketForwardingEmail')}
          hint={t('form.ticketForwardingEmailHint')}
          type="email"
          autoComplete="email"
          {...field('ticketForwardingEmail')}
        />
        <TextField
          label={t('form.backgroundColor')}
          hint={t('form.backgroundColorHint')}
          type="color"
          {...field('backgroundColor')}
        />
      </FieldRow>
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? t('form.saving') : t('form.save')}
        </Button>
      </div>
    </form>
  );
}
