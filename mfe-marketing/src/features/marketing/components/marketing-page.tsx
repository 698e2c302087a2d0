import { addTranslations } from 'shared-ui';
import { TeamPage, type TeamPageData } from '../../../components/team-page';
import en from '../en-US.json';

addTranslations('marketing', en);

const page: TeamPageData = {
  namespace: 'marketing',
  sections: [
    { key: 'features', kind: 'features', columns: 2, min: 280 },
    { key: 'insights', kind: 'checks', intro: true, tone: 'surface', narrow: true },
  ],
};

export function MarketingPage() {
  return <TeamPage {...page} />;
}
