import { MarketingPage } from '../features/marketing/components/marketing-page';

export default MarketingPage;
