import { ProductPage } from '../features/product/product-page';

export default ProductPage;
