import { addTranslations } from 'shared-ui';
import { TeamPage, type TeamPageData } from '../../../components/team-page';
import en from '../en-US.json';

addTranslations('customer-support', en);

const page: TeamPageData = {
  namespace: 'customer-support',
  sections: [
    { key: 'tickets', kind: 'features', columns: 3 },
    { key: 'learning', kind: 'checks', intro: true, tone: 'surface', narrow: true },
  ],
};

export function CustomerSupportPage() {
  return <TeamPage {...page} />;
}
