import { addTranslations } from 'shared-ui';
import { TeamPage, type TeamPageData } from '../../../components/team-page';
import en from '../en-US.json';

addTranslations('customer-service', en);

const page: TeamPageData = {
  namespace: 'customer-service',
  sections: [
    { key: 'flow', kind: 'steps' },
    { key: 'features', kind: 'features', tone: 'surface', columns: 2, min: 280 },
  ],
  quoteLink: { label: 'more', to: '/customers' },
};

export function CustomerServicePage() {
  return <TeamPage {...page} />;
}
