import { PricingPage } from '../features/pricing/pricing-page';

export default PricingPage;
