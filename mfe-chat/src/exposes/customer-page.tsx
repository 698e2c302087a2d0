import { CustomerPage } from '../features/customers/components/customer-page';

export default CustomerPage;
