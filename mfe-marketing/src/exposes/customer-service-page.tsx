import { CustomerServicePage } from '../features/customer-service/customer-service-page';

export default CustomerServicePage;
