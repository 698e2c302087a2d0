import { BillingPage } from '../features/billing/components/billing-page';

export default BillingPage;
