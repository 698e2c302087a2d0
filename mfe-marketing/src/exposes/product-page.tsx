import { ProductPage } from '../features/product/components/product-page';

export default ProductPage;
