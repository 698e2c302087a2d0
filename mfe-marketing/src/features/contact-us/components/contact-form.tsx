import { useTranslation } from 'react-i18next';
import { ApiError, call, siteEndpoints, type ContactRequest } from 'shared-sdk';
import { contactRequestSchema } from 'shared-sdk/schemas';
import { Alert, Button, Spinner, VisuallyHidden } from 'shared-ui';
import { SelectField, TextAreaField, TextField, useSchemaForm } from 'shared-ui/controls';
import { FieldRow } from '../../../components/form-card';
import { FormSuccess } from '../../../components/form-success';
import { siteNamespace } from '../../../i18n/site-translations';

export const contactTopics = contactRequestSchema.shape.topic.options;
export type ContactTopic = ContactRequest['topic'];

const sendContactRequest = (data: ContactRequest) => call(siteEndpoints.contact, data);

/** The /contact-us form: validated with the API's own schema, then POST /api/marketing/contact. */
export function ContactForm({ initialTopic }: { initialTopic?: ContactTopic }) {
  const { t } = useTranslation('contact-us');
  const { t: tSite } = useTranslation(siteNamespace);
  const { values, state, field, handleSubmit } = useSchemaForm({
    schema: () => import('shared-sdk/schemas').then((schemas) => schemas.contactRequestSchema),
    initialValues: { name: '', email: '', company: '', topic: initialTopic ?? '', message: '' },
    // A blank company is sent as absent, not as "".
    toInput: ({ company, ...rest }) => ({
      ...rest,
      company: company.trim() === '' ? undefined : company,
    }),
    fieldMessages: { topic: t('form.topicRequired') },
    describeFailure: (error) => ({
      message: error instanceof ApiError ? error.serverMessage : tSite('form.unexpectedError'),
    }),
    send: sendContactRequest,
  });

  if (state.status === 'succeeded') {
    const topic = contactTopics.find((option) => option === values.topic) ?? 'other';
    return (
      <FormSuccess title={t('success.title')}>
        <p>
          {t('success.body', {
            topic: t(`form.topics.${topic}`).toLowerCase(),
            email: values.email.trim(),
          })}
        </p>
        <p>{t('success.reference', { id: state.receipt.id })}</p>
      </FormSuccess>
    );
  }

  const submitting = state.status === 'submitting';
  return (
    // Without the page's JavaScript the browser posts the form to the page, and the server
    // answers with it (issue 46); with it, the submit handler sends the JSON call instead.
    <form
      method="post"
      action="/contact-us"
      noValidate
      onSubmit={handleSubmit}
      aria-busy={submitting}
    >
      <h2>{t('form.title')}</h2>
      {state.status === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
      <FieldRow>
        <TextField label={t('form.name')} autoComplete="name" required {...field('name')} />
        <TextField
          label={t('form.email')}
          type="email"
          autoComplete="email"
          required
          {...field('email')}
        />
      </FieldRow>
      <FieldRow>
        <TextField
          label={t('form.company')}
          optionalText={tSite('form.optional')}
          autoComplete="organization"
          {...field('company')}
        />
        <SelectField label={t('form.topic')} required {...field('topic')}>
          <option value="">{t('form.topicPlaceholder')}</option>
          {contactTopics.map((topic) => (
            <option key={topic} value={topic}>
              {t(`form.topics.${topic}`)}
            </option>
          ))}
        </SelectField>
      </FieldRow>
      <TextAreaField
        label={t('form.message')}
        hint={t('form.messageHint')}
        required
        rows={6}
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
