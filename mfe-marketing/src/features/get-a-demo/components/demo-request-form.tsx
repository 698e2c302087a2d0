import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, call, siteEndpoints, type DemoRequest, companySizes } from 'shared-sdk';
import { Alert, Button, Spinner, VisuallyHidden } from 'shared-ui';
import { SelectField, TextAreaField, TextField, useSchemaForm } from 'shared-ui/controls';
import { FieldRow } from '../../../components/form-card';
import { FormSuccess } from '../../../components/form-success';
import { siteNamespace } from '../../../i18n/site-translations';

const sendDemoRequest = (data: DemoRequest) => call(siteEndpoints.demoRequest, data);

/** The /get-a-demo form: the API's own schema, then POST /api/marketing/demo-requests. */
export function DemoRequestForm() {
  const { t } = useTranslation('get-a-demo');
  const { t: tSite } = useTranslation(siteNamespace);
  const { values, state, field, handleSubmit } = useSchemaForm({
    schema: () => import('shared-sdk/schemas').then((schemas) => schemas.demoRequestSchema),
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      company: '',
      companySize: '',
      phone: '',
      message: '',
    },
    // A blank phone or message is sent as absent, not as "".
    toInput: ({ phone, message, ...rest }) => ({
      ...rest,
      phone: phone.trim() === '' ? undefined : phone,
      message: message.trim() === '' ? undefined : message,
    }),
    fieldMessages: { companySize: t('form.companySizeRequired') },
    describeFailure: (error) => ({
      message: error instanceof ApiError ? error.serverMessage : tSite('form.unexpectedError'),
    }),
    send: sendDemoRequest,
  });

  if (state.status === 'succeeded') {
    return (
      <FormSuccess title={t('success.title', { firstName: values.firstName.trim() })}>
        <p>{t('success.body', { email: values.email.trim() })}</p>
        <p>{t('success.reference', { id: state.receipt.id })}</p>
        <p>
          <Link to="/signup">{t('success.meanwhile')}</Link>
        </p>
      </FormSuccess>
    );
  }

  const submitting = state.status === 'submitting';
  const optional = tSite('form.optional');
  return (
    // Without the page's JavaScript the browser posts the form to the page, and the server
    // answers with it (issue 46); with it, the submit handler sends the JSON call instead.
    <form
      method="post"
      action="/get-a-demo"
      noValidate
      onSubmit={handleSubmit}
      aria-busy={submitting}
    >
      <h2>{t('form.title')}</h2>
      {state.status === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
      <FieldRow>
        <TextField
          label={t('form.firstName')}
          autoComplete="given-name"
          required
          {...field('firstName')}
        />
        <TextField
          label={t('form.lastName')}
          autoComplete="family-name"
          required
          {...field('lastName')}
        />
      </FieldRow>
      <TextField
        label={t('form.email')}
        type="email"
        autoComplete="email"
        required
        {...field('email')}
      />
      <FieldRow>
        <TextField
          label={t('form.company')}
          autoComplete="organization"
          required
          {...field('company')}
        />
        <SelectField label={t('form.companySize')} required {...field('companySize')}>
          <option value="">{t('form.companySizePlaceholder')}</option>
          {companySizes.map((size) => (
            <option key={size} value={size}>
              {t(`form.companySizes.${size}`)}
            </option>
          ))}
        </SelectField>
      </FieldRow>
      <TextField
        label={t('form.phone')}
        optionalText={optional}
        hint={t('form.phoneHint')}
        type="tel"
        autoComplete="tel"
        {...field('phone')}
      />
      <TextAreaField
        label={t('form.message')}
        optionalText={optional}
        hint={t('form.messageHint')}
        rows={4}
        {...field('message')}
      />
      <div>
        <Button type="submit" $size="lg" disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? tSite('form.sending') : t('form.submit')}
        </Button>
        <VisuallyHidden role="status">{submitting ? tSite('form.sending') : ''}</VisuallyHidden>
      </div>
      <p>{t('form.privacy')}</p>
    </form>
  );
}
