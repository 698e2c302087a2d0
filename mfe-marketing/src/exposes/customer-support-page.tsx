import { CustomerSupportPage } from '../features/customer-support/components/customer-support-page';

export default CustomerSupportPage;
