import { PricingPage } from '../features/pricing/components/pricing-page';

export default PricingPage;
