import { initI18n } from 'shared-ui';
import type { FormAnswerTexts } from '../../components/form-answer-texts';
import { siteNamespace } from '../../i18n/site-translations';

/** What the server answers a /get-a-demo form posted as HTML with: the form's own wording. */
export function demoFormAnswer(): FormAnswerTexts {
  const t = initI18n().getFixedT(null, 'get-a-demo');
  const keep = { email: '{{email}}', id: '{{id}}', firstName: '{{firstName}}' };
  return {
    errorSummary: initI18n().t('form.errorSummary', { ns: siteNamespace }),
    fieldMessages: { companySize: t('form.companySizeRequired') },
    choices: {},
    success: {
      title: t('success.title', keep),
      paragraphs: [t('success.body', keep), t('success.reference', keep)],
      link: { to: '/signup', text: t('success.meanwhile') },
    },
  };
}
