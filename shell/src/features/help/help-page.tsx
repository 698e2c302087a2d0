import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Card, Stack, usePageTitle } from 'shared-ui';
import '../../i18n/help';

/** /dashboard/help: how to get going with Parley. */
export function HelpPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('help.title'));
  const sections = t('help.sections', { returnObjects: true });
  return (
    <Stack $gap={6}>
      <div>
        <h1>{t('help.title')}</h1>
        <p>{t('help.lead')}</p>
      </div>
      {sections.map((section) => (
        <Card as="section" key={section.title}>
          <h2>{section.title}</h2>
          {section.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Card>
      ))}
      <p>
        <Link to="/contact-us?topic=support">{t('help.contact')}</Link>
      </p>
    </Stack>
  );
}
