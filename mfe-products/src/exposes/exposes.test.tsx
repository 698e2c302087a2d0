import exposes from '../../exposes.json';
import { buildProduct } from '@testing/data-generators';
import { describeExposedPages } from '@testing/exposed-pages';
import { signIn } from '@testing/sign-in';
import { fakeProductsServer } from '../testing/fake-products-server';

describeExposedPages({
  exposes,
  // The pages the shell mounts (product-spec.md §2), where each one lives and the title it sets.
  pages: {
    './products-page': {
      route: '/dashboard/ws_fernhill/products',
      path: '/dashboard/:workspaceId/products',
      title: 'Products',
    },
  },
  load: (file) => import(`./${file}`),
  async arrange() {
    fakeProductsServer({ products: [buildProduct()] });
    await signIn();
  },
  mayLinkTo: (href) => /^\/dashboard\/ws_fernhill\/products(\?.*)?$/.test(href),
});
