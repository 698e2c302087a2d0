import { SalesPage } from '../features/sales/components/sales-page';

export default SalesPage;
