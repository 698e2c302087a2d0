import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type WorkspaceRole, type WorkspaceUser, workspaceRoles } from 'shared-sdk';
import type { AddWorkspaceUsersResponse } from 'shared-sdk/schemas';
import { Button, Spinner, Stack, VisuallyHidden, Muted, useToast } from 'shared-ui';
import { SelectField, TextAreaField, apiErrorMessage } from 'shared-ui/controls';
import { FormActions } from '../../../components/settings-page';
import { settingsNamespace } from '../../../i18n/settings-translations';
import { parseEmailList } from '../utils/parse-emails';
import { addWorkspaceUsers } from '../api/workspace-users-api';

/**
 * "Add people": one or several e-mail addresses and one role, checked with the API's schema,
 * then POST /api/user/users. Says who was added and who was a member already.
 */
export function AddPeopleForm({
  workspaceId,
  onAdded,
}: {
  workspaceId: string;
  onAdded: (added: WorkspaceUser[]) => void;
}) {
  const { t } = useTranslation('manage-users');
  const { t: tSettings } = useTranslation(settingsNamespace);
  const { t: tCommon } = useTranslation('common');
  const titleId = useId();
  const [emailsText, setEmailsText] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('agent');
  const [emailsError, setEmailsError] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const toast = useToast();

  /** The request, or why the addresses cannot be sent (zod loads on adding, not with the page). */
  async function validate() {
    const { addWorkspaceUsersRequestSchema } = await import('shared-sdk/schemas');
    const emails = parseEmailList(emailsText);
    const result = addWorkspaceUsersRequestSchema.safeParse({
      workspaceId,
      users: emails.map((email) => ({ email, role })),
    });
    if (result.success) return { request: result.data };
    const invalid = new Set<string>();
    let error: string | undefined;
    for (const issue of result.error.issues) {
      const [, index] = issue.path;
      if (typeof index === 'number') {
        invalid.add(emails[index] ?? '');
      } else if (issue.code === 'too_small') {
        error ??= t('add.emailsRequired');
      } else if (issue.code === 'too_big') {
        error ??= t('add.tooMany', { max: Number(issue.maximum) });
      } else {
        error ??= issue.message;
      }
    }
    return {
      error: error ?? t('add.invalidEmails', { emails: [...invalid].join(', ') }),
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (adding) return;
    const emailsField = event.currentTarget.elements.namedItem('emails');
    const focusEmails = () => emailsField instanceof HTMLElement && emailsField.focus();
    setAdding(true);
    try {
      const { request, error } = await validate();
      setEmailsError(error);
      if (!request) {
        focusEmails();
        return;
      }
      const result = await addWorkspaceUsers(request);
      onAdded(result.added);
      setEmailsText('');
      reportAdded(result);
    } catch (failure) {
      // The server names the addresses that have no account ("No Parley account for: …"): that
      // is about the addresses typed, so it is told beside them.
      if (failure instanceof ApiError && failure.code === 'auth/user-not-found') {
        setEmailsError(`${failure.serverMessage} ${t('add.signUpFirst')}`);
        focusEmails();
      } else {
        toast.error(apiErrorMessage(tCommon, failure, tSettings('form.unexpectedError')));
      }
    } finally {
      setAdding(false);
    }
  }

  function reportAdded(result: AddWorkspaceUsersResponse) {
    const added = result.added.map((member) => member.email);
    const already = result.alreadyMembers;
    if (added.length > 0) toast.success(t('add.added', { emails: added.join(', ') }));
    if (already.length > 0) toast.info(t('add.alreadyMembers', { emails: already.join(', ') }));
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby={titleId} aria-busy={adding}>
      <Stack $gap={2}>
        <h2 id={titleId}>{t('add.title')}</h2>
        <Muted>{t('add.lead')}</Muted>
      </Stack>
      <TextAreaField
        label={t('add.emails')}
        hint={t('add.emailsHint')}
        name="emails"
        rows={3}
        autoComplete="off"
        spellCheck={false}
        required
        value={emailsText}
        error={emailsError}
        onChange={(event) => {
          setEmailsText(event.target.value);
          if (emailsError) setEmailsError(undefined);
        }}
      />
      <SelectField
        label={t('add.role')}
        hint={t('add.roleHint')}
        name="role"
        value={role}
        onChange={(event) =>
          setRole(workspaceRoles.find((option) => option === event.target.value) ?? 'agent')
        }
      >
        {workspaceRoles.map((option) => (
          <option key={option} value={option}>
            {tSettings(`roles.${option}`)}
          </option>
        ))}
      </SelectField>
      <FormActions>
        <Button type="submit" disabled={adding}>
          {adding ? <Spinner /> : null}
          {adding ? t('add.adding') : t('add.submit')}
        </Button>
        <VisuallyHidden role="status">{adding ? t('add.adding') : ''}</VisuallyHidden>
      </FormActions>
    </form>
  );
}
