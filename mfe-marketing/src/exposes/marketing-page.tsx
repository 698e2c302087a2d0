import { MarketingPage } from '../features/marketing/marketing-page';

export default MarketingPage;
