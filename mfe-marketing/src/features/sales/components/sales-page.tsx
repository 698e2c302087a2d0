import { addTranslations } from 'shared-ui';
import { TeamPage, type TeamPageData } from '../../../components/team-page';
import en from '../en-US.json';

addTranslations('sales', en);

const page: TeamPageData = {
  namespace: 'sales',
  sections: [
    { key: 'flow', kind: 'steps' },
    {
      key: 'catalogue',
      kind: 'checks',
      intro: true,
      tone: 'surface',
      narrow: true,
      link: { label: 'product', to: '/product' },
    },
  ],
};

export function SalesPage() {
  return <TeamPage {...page} />;
}
