import { initI18n } from 'shared-ui';
import type { FormAnswerTexts } from '../../components/form-answer-texts';
import { siteNamespace } from '../../i18n/site-translations';
import { contactTopics } from './components/contact-form';

/** What the server answers a /contact-us form posted as HTML with: the form's own wording. */
export function contactFormAnswer(): FormAnswerTexts {
  const t = initI18n().getFixedT(null, 'contact-us');
  const keep = { email: '{{email}}', id: '{{id}}', topic: '{{topic}}' };
  return {
    errorSummary: initI18n().t('form.errorSummary', { ns: siteNamespace }),
    fieldMessages: { topic: t('form.topicRequired') },
    choices: {
      topic: Object.fromEntries(
        contactTopics.map((topic) => [topic, t(`form.topics.${topic}`).toLowerCase()]),
      ),
    },
    success: {
      title: t('success.title'),
      paragraphs: [t('success.body', keep), t('success.reference', keep)],
    },
  };
}
