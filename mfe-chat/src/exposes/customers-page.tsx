import { CustomersPage } from '../features/customers/components/customers-page';

export default CustomersPage;
