import { useTranslation } from 'react-i18next';
import { call, identityEndpoints, session, type User } from 'shared-sdk';
import { profileUpdateSchema } from 'shared-sdk/schemas';
import {
  Button,
  Spinner,
  TextField,
  useSchemaForm,
  VisuallyHidden,
  apiErrorCode,
  apiErrorMessage,
} from 'shared-ui';
import { FieldRow, FormActions } from '../../../components/settings-page';
import { settingsNamespace } from '../../../i18n/settings-translations';
import { changedFields, toFormValues, toProfileInput } from '../utils/profile-changes';
import { ProfilePhoto } from './profile-photo';

/** The profile form: checked with the API's schema; saves only what changed. */
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
  const { values, state, field, handleSubmit } = useSchemaForm({
    schema: profileUpdateSchema,
    initialValues: toFormValues(profile),
    toInput: toProfileInput,
    describeFailure: (error) =>
      apiErrorCode(error) === 'auth/email-already-in-use'
        ? { field: 'email', message: t('form.emailInUse') }
        : { message: apiErrorMessage(tCommon, error, tSettings('form.unexpectedError')) },
    send: async (update) => {
      const changes = changedFields(update, profile);
      if (Object.keys(changes).length === 0) return null;
      const updated = await call(identityEndpoints.updateProfile, changes);
      session().setUser(updated);
      onSaved(updated);
      return updated;
    },
    reportDone: (updated, toast) =>
      updated ? toast.success(t('form.saved')) : toast.info(tSettings('form.noChanges')),
    valuesAfterSuccess: (updated, submitted) => (updated ? toFormValues(updated) : submitted),
  });

  const submitting = state.status === 'submitting';
  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={submitting}>
      <h2>{t('form.title')}</h2>
      <ProfilePhoto
        profile={profile}
        names={{ firstName: values.firstName, lastName: values.lastName, email: values.email }}
        onSaved={onSaved}
      />
      <FieldRow>
        <TextField label={t('form.firstName')} autoComplete="given-name" {...field('firstName')} />
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
        <VisuallyHidden role="status">{submitting ? tSettings('form.saving') : ''}</VisuallyHidden>
      </FormActions>
    </form>
  );
}
