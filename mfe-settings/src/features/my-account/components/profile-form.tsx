import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session, type ProfileSaved, type ProfileUpdate, type User } from 'shared-sdk';
import { Button, Spinner, VisuallyHidden } from 'shared-ui';
import {
  TextField,
  useSchemaForm,
  apiErrorCode,
  apiErrorMessage,
  authErrorMessage,
} from 'shared-ui/controls';
import { PasswordDialog } from '../../../components/password-dialog';
import { FieldRow, FormActions } from '../../../components/settings-page';
import { settingsNamespace } from '../../../i18n/settings-translations';
import { changedFields, toFormValues, toProfileInput } from '../utils/profile-changes';
import { ProfilePhoto } from './profile-photo';

type Receipt = { kind: 'unchanged' } | { kind: 'cancelled' } | ({ kind: 'saved' } & ProfileSaved);

interface PasswordPrompt {
  resolve: (password: string | null) => void;
  passwordError?: string;
  busy: boolean;
}

/**
 * The profile form: checked with the API's schema; saves only what changed. The session saves
 * it, so a new e-mail address reaches whichever provider signs the user in; when that provider
 * wants a recent sign-in first, the form asks for the password and tries again.
 */
export function ProfileForm({
  profile,
  onSaved,
}: {
  profile: User;
  onSaved: (user: User) => void;
}) {
  const { t } = useTranslation('my-account');
  const { t: tSettings } = useTranslation(settingsNamespace);
  const { t: tCommon } = useTranslation('common');
  const [prompt, setPrompt] = useState<PasswordPrompt | null>(null);

  const askPassword = (passwordError?: string) =>
    new Promise<string | null>((resolve) => setPrompt({ resolve, passwordError, busy: false }));

  async function save(changes: ProfileUpdate): Promise<ProfileSaved | null> {
    try {
      return await session().updateProfile(changes);
    } catch (error) {
      if (apiErrorCode(error) !== 'auth/requires-recent-login') throw error;
    }
    let passwordError: string | undefined;
    try {
      for (;;) {
        const currentPassword = await askPassword(passwordError);
        if (currentPassword === null) return null;
        try {
          return await session().updateProfile(changes, { currentPassword });
        } catch (error) {
          if (apiErrorCode(error) !== 'auth/wrong-password') throw error;
          passwordError = authErrorMessage(tCommon, error);
        }
      }
    } finally {
      setPrompt(null);
    }
  }

  const { values, state, field, handleSubmit } = useSchemaForm({
    schema: () => import('shared-sdk/schemas').then((schemas) => schemas.profileUpdateSchema),
    initialValues: toFormValues(profile),
    toInput: toProfileInput,
    describeFailure: (error) =>
      apiErrorCode(error) === 'auth/email-already-in-use'
        ? { field: 'email', message: t('form.emailInUse') }
        : { message: apiErrorMessage(tCommon, error, tSettings('form.unexpectedError')) },
    send: async (update): Promise<Receipt> => {
      const changes = changedFields(update, profile);
      if (Object.keys(changes).length === 0) return { kind: 'unchanged' };
      const saved = await save(changes);
      if (!saved) return { kind: 'cancelled' };
      onSaved(saved.user);
      return { kind: 'saved', ...saved };
    },
    reportDone: (receipt, toast) => {
      if (receipt.kind === 'unchanged') toast.info(tSettings('form.noChanges'));
      else if (receipt.kind === 'cancelled') toast.info(t('form.reauthCancelled'));
      else if (receipt.pendingEmail) {
        toast.info(t('form.emailPending', { email: receipt.pendingEmail }));
      } else toast.success(t('form.saved'));
    },
    // A new address waiting for its link is not the account's yet: the form shows the saved one.
    valuesAfterSuccess: (receipt, submitted) =>
      receipt.kind === 'saved' ? toFormValues(receipt.user) : submitted,
  });

  const submitting = state.status === 'submitting';
  return (
    <>
      <form noValidate onSubmit={handleSubmit} aria-busy={submitting}>
        <h2>{t('form.title')}</h2>
        <ProfilePhoto
          profile={profile}
          names={{ firstName: values.firstName, lastName: values.lastName, email: values.email }}
          onSaved={onSaved}
        />
        <FieldRow>
          <TextField
            label={t('form.firstName')}
            autoComplete="given-name"
            {...field('firstName')}
          />
          <TextField label={t('form.lastName')} autoComplete="family-name" {...field('lastName')} />
        </FieldRow>
        <TextField
          label={t('form.email')}
          hint={t('form.emailHint')}
          type="email"
          autoComplete="email"
          required
          {...field('email')}
        />
        <TextField
          label={t('form.website')}
          optionalText={tSettings('form.optional')}
          type="url"
          inputMode="url"
          autoComplete="url"
          {...field('website')}
        />
        <FieldRow>
          <TextField
            label={t('form.countryCode')}
            optionalText={tSettings('form.optional')}
            hint={t('form.countryCodeHint')}
            autoComplete="country"
            maxLength={2}
            {...field('countryCode')}
          />
          <TextField
            label={t('form.phoneNumber')}
            optionalText={tSettings('form.optional')}
            type="tel"
            autoComplete="tel"
            {...field('phoneNumber')}
          />
        </FieldRow>
        <FormActions>
          <Button type="submit" disabled={submitting}>
            {submitting ? <Spinner /> : null}
            {submitting ? tSettings('form.saving') : t('form.submit')}
          </Button>
          <VisuallyHidden role="status">
            {submitting ? tSettings('form.saving') : ''}
          </VisuallyHidden>
        </FormActions>
      </form>
      <PasswordDialog
        open={prompt !== null}
        title={t('form.reauthTitle')}
        confirmLabel={t('form.reauthConfirm')}
        busyLabel={tSettings('form.saving')}
        busy={prompt?.busy ?? false}
        passwordError={prompt?.passwordError}
        onConfirm={(password) => {
          setPrompt((current) => current && { ...current, busy: true, passwordError: undefined });
          prompt?.resolve(password);
        }}
        onCancel={() => prompt?.resolve(null)}
      >
        <p>{t('form.reauthBody')}</p>
      </PasswordDialog>
    </>
  );
}
