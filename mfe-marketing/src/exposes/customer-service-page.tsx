import { CustomerServicePage } from '../features/customer-service/components/customer-service-page';

export default CustomerServicePage;
