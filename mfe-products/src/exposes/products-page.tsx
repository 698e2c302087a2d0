import { ProductsPage } from '../features/catalogue/components/products-page';

export default ProductsPage;
