import { CustomerSupportPage } from '../features/customer-support/customer-support-page';

export default CustomerSupportPage;
