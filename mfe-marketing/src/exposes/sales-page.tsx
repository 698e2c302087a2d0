import { SalesPage } from '../features/sales/sales-page';

export default SalesPage;
