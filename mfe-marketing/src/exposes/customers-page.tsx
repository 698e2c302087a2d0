import { CustomersPage } from '../features/customers/customers-page';

export default CustomersPage;
