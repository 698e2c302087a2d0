import { screen, waitFor, within } from '@testing-library/react';
import { PageError } from 'shared-sdk';
import { buildProduct } from '@testing/data-generators';
import { errorReply } from '@testing/fake-api';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { fakeProductsServer } from '../../../testing/fake-products-server';
import { ProductsPage } from './products-page';

const lantern = buildProduct();
const stove = buildProduct({
  id: 'product_stove',
  sku: 'STOVE-2',
  name: 'Ember camp stove',
  price: 89.5,
  stock: 3,
  createdAt: '2025-02-02T12:00:00.000Z',
});
const kettle = buildProduct({
  id: 'product_kettle',
  sku: 'KETTLE-1',
  name: 'Copper kettle',
  status: 'disabled',
  stock: 0,
  createdAt: '2025-02-03T12:00:00.000Z',
});

async function renderProducts(route = '/dashboard/ws_fernhill/products') {
  await signIn();
  const onError = jest.fn();
  const view = renderPage(<ProductsPage />, {
    route,
    path: '/dashboard/:workspaceId/products',
    onError,
  });
  return { ...view, onError };
}

const names = () =>
  screen.queryAllByRole('rowheader').map((cell) => within(cell).getByRole('button').textContent);

describe('Products', () => {
  it('lists the products live, newest first, with prices in the workspace currency, stock in words and totals per status', async () => {
    fakeProductsServer({ products: [kettle, stove, lantern], currency: 'EUR' });
    await renderProducts();

    await waitFor(() =>
      expect(names()).toEqual(['Copper kettle', 'Ember camp stove', 'Trail lantern']),
    );
    const stoveRow = screen.getByRole('row', { name: /Ember camp stove/ });
    expect(within(stoveRow).getByText('€89.50')).toBeInTheDocument();
    expect(within(stoveRow).getByText('Only 3 left')).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Copper kettle/ })).getByText('Out of stock'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All (3)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Disabled (1)' })).toBeInTheDocument();
    expect(document.title).toBe('Products · Parley');
  });

  it('filters by status tab and search from the URL', async () => {
    fakeProductsServer({ products: [kettle, stove, lantern] });
    const { user } = await renderProducts('/dashboard/ws_fernhill/products?status=active');
    await waitFor(() => expect(names()).toEqual(['Ember camp stove', 'Trail lantern']));

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or SKU' }), 'stove-');
    await waitFor(() => expect(names()).toEqual(['Ember camp stove']));
    await user.clear(screen.getByRole('searchbox', { name: 'Search by name or SKU' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or SKU' }), 'anvil');
    expect(await screen.findByText('No product matches this search.')).toBeInTheDocument();
  });

  it('adds a product under an id it chose, and a bad price is told beside its field', async () => {
    const { requests } = fakeProductsServer({ products: [lantern] });
    const { user } = await renderProducts();
    await waitFor(() => expect(names()).toEqual(['Trail lantern']));

    await user.click(screen.getByRole('button', { name: 'Add a product' }));
    const form = screen.getByRole('form', { name: 'New product' });
    await user.type(within(form).getByLabelText(/^Name/), 'Folding chair');
    await user.type(within(form).getByLabelText(/^SKU/), 'CHAIR-1');
    await user.type(within(form).getByLabelText(/^Price \(USD\)/), '12.345');
    await user.type(within(form).getByLabelText(/^Stock/), '8');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('The price has at most two decimals, like 129.99'),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.clear(within(form).getByLabelText(/^Price/));
    await user.type(within(form).getByLabelText(/^Price/), '49.90');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Folding chair added')).toBeInTheDocument();
    const [posted] = requests.filter((request) => request.method === 'POST');
    expect(posted?.body).toEqual({
      workspaceId: 'ws_fernhill',
      productId: expect.stringMatching(/^[0-9a-f]{32}$/),
      sku: 'CHAIR-1',
      name: 'Folding chair',
      description: '',
      salesPitch: '',
      photoUrl: null,
      price: 49.9,
      stock: 8,
      status: 'active',
    });
    await waitFor(() => expect(names()).toEqual(['Folding chair', 'Trail lantern']));
    expect(screen.queryByRole('form', { name: 'New product' })).not.toBeInTheDocument();
  });

  it('shows a SKU already in use beside the SKU field', async () => {
    fakeProductsServer({ products: [lantern] });
    const { user } = await renderProducts();
    await waitFor(() => expect(names()).toEqual(['Trail lantern']));

    await user.click(screen.getByRole('button', { name: 'Add a product' }));
    const form = screen.getByRole('form', { name: 'New product' });
    await user.type(within(form).getByLabelText(/^Name/), 'Second lantern');
    await user.type(within(form).getByLabelText(/^SKU/), 'LANTERN-1');
    await user.type(within(form).getByLabelText(/^Price/), '10');
    await user.type(within(form).getByLabelText(/^Stock/), '1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('A product with SKU LANTERN-1 already exists'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(/^SKU/)).toHaveFocus();
  });

  it('edits a product from its row with Enter, and disables one from its row', async () => {
    const { requests } = fakeProductsServer({ products: [stove, lantern] });
    const { user } = await renderProducts();
    await waitFor(() => expect(names()).toEqual(['Ember camp stove', 'Trail lantern']));

    screen.getByRole('row', { name: /Trail lantern/ }).focus();
    await user.keyboard('{Enter}');
    const form = screen.getByRole('form', { name: 'Edit Trail lantern' });
    expect(within(form).getByLabelText(/^Price/)).toHaveValue('129.99');
    await user.clear(within(form).getByLabelText(/^Stock/));
    await user.type(within(form).getByLabelText(/^Stock/), '0');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Trail lantern saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /Trail lantern/ })).getByText('Out of stock'),
      ).toBeInTheDocument(),
    );

    const stoveRow = screen.getByRole('row', { name: /Ember camp stove/ });
    await user.click(within(stoveRow).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('1 product disabled')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      method: 'PATCH',
      body: { productId: 'product_stove', status: 'disabled', sku: 'STOVE-2', price: 89.5 },
    });
    expect(await screen.findByRole('radio', { name: 'Disabled (1)' })).toBeInTheDocument();
  });

  it('deletes the selected products after a confirmation that says how many', async () => {
    const { requests } = fakeProductsServer({ products: [kettle, stove, lantern] });
    const { user } = await renderProducts();
    await waitFor(() => expect(names()).toHaveLength(3));

    screen.getByRole('row', { name: /Ember camp stove/ }).focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('checkbox', { name: 'Select Trail lantern' }));
    const bar = screen.getByRole('region', { name: 'Selected products' });
    expect(within(bar).getByText('2 products selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete products?' });
    expect(dialog).toHaveTextContent('Delete 2 products?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('2 products deleted')).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({
      method: 'DELETE',
      url: '/api/user/products',
      body: { workspaceId: 'ws_fernhill', productIds: ['product_stove', 'product_lantern'] },
    });
    await waitFor(() => expect(names()).toEqual(['Copper kettle']));
  });

  it('deletes every product of a status in one call', async () => {
    const { requests } = fakeProductsServer({ products: [kettle, stove, lantern] });
    const { user } = await renderProducts('/dashboard/ws_fernhill/products?status=disabled');
    await waitFor(() => expect(names()).toEqual(['Copper kettle']));

    await user.click(screen.getByRole('button', { name: 'Delete every disabled product (1)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete products?' });
    expect(dialog).toHaveTextContent('Delete 1 disabled product?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 product deleted')).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({
      workspaceId: 'ws_fernhill',
      where: { status: 'disabled' },
    });
    expect(await screen.findByText('No disabled products.')).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when a delete fails', async () => {
    fakeProductsServer({
      products: [lantern],
      override: (request) =>
        request.method === 'DELETE'
          ? errorReply(403, 'permission-denied', 'Only admins may do this')
          : undefined,
    });
    const { user } = await renderProducts();
    await waitFor(() => expect(names()).toEqual(['Trail lantern']));
    await user.click(screen.getByRole('button', { name: 'Delete Trail lantern' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete products?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(names()).toEqual(['Trail lantern']);
  });

  it('imports a CSV after a preview that shows a bad row, which blocks the import until fixed', async () => {
    const { requests } = fakeProductsServer({ products: [lantern] });
    const { user } = await renderProducts();
    await waitFor(() => expect(names()).toEqual(['Trail lantern']));
    const chooseFile = (text: string) =>
      user.upload(
        screen.getByLabelText('Import products from CSV'),
        new File([text], 'catalogue.csv', { type: 'text/csv' }),
      );

    await chooseFile(
      'sku,name,price,stock\nLANTERN-1,Trail lantern XL,139,5\nMUG-1,Enamel mug,-3,10\n',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('1 of 2 rows has a problem');
    const bad = screen.getByRole('table', { name: 'Rows with problems' });
    expect(within(bad).getByRole('row', { name: /MUG-1/ })).toHaveTextContent(
      'price: The price cannot be negative',
    );
    expect(screen.getByRole('button', { name: 'Import 2 products' })).toBeDisabled();

    await chooseFile(
      'sku,name,price,stock\nLANTERN-1,Trail lantern XL,139,5\nMUG-1,Enamel mug,3,10\n',
    );
    await user.click(await screen.findByRole('button', { name: 'Import 2 products' }));
    expect(await screen.findByText('Import done: 1 added, 1 updated')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      url: '/api/user/products-import',
      body: {
        workspaceId: 'ws_fernhill',
        products: [{ sku: 'LANTERN-1', price: 139 }, { sku: 'MUG-1' }],
      },
    });
    await waitFor(() => expect(names()).toEqual(['Enamel mug', 'Trail lantern XL']));
  });

  it("follows the copying in of a Shopify file's photos live, then lists the ones that failed", async () => {
    const { photoJobChanges } = fakeProductsServer({ products: [] });
    const { user } = await renderProducts();
    await screen.findByText(/No products yet/);
    await user.upload(
      screen.getByLabelText('Import products from CSV'),
      new File(
        [
          'Handle,Title,Body (HTML),Variant SKU,Variant Price,Variant Inventory Qty,Image Src,Status\n' +
            'lamp,Desk lamp,<p>Warm light</p>,LAMP-1,40,3,https://cdn.shop.example/lamp.png,active\n' +
            'mug,Enamel mug,,MUG-1,12,8,https://cdn.shop.example/mug.png,active\n',
        ],
        'products_export.csv',
        { type: 'text/csv' },
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Import 2 products' }));
    expect(await screen.findByText('Import done: 2 added, 0 updated')).toBeInTheDocument();

    const panel = screen.getByRole('region', { name: 'Photos from the file' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Copying photos: 0 of 2');
    await photoJobChanges({ status: 'running', done: 1 });
    await waitFor(() =>
      expect(within(panel).getByRole('status')).toHaveTextContent('Copying photos: 1 of 2'),
    );
    expect(within(panel).getByRole('progressbar', { name: 'Photos copied' })).toHaveProperty(
      'value',
      1,
    );
    await photoJobChanges({
      status: 'done',
      done: 2,
      failed: [{ sku: 'MUG-1', reason: "The photo's address answered 404" }],
    });
    await waitFor(() =>
      expect(within(panel).getByRole('status')).toHaveTextContent('1 of 2 photos copied.'),
    );
    expect(within(panel).getByRole('list', { name: 'Photos not copied' })).toHaveTextContent(
      "MUG-1: The photo's address answered 404",
    );
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Photos from the file' })).not.toBeInTheDocument();
  });

  it.each(['?page=0', '?page=x', '?status=archived', '?sort=price', '?perPage=7'])(
    'a query string it rejects (%s) is the 404 page',
    async (search) => {
      fakeProductsServer();
      const { onError } = await renderProducts(`/dashboard/ws_fernhill/products${search}`);
      await waitFor(() => expect(onError).toHaveBeenCalled());
      const error = onError.mock.calls[0]![0] as PageError;
      expect(error).toBeInstanceOf(PageError);
      expect(error.message).toBe(`Page Not Found: /dashboard/ws_fernhill/products${search}`);
    },
  );
});
