import { parseProductsCsv } from './products-csv';

describe('parseProductsCsv', () => {
  it("reads Shopify's export: one product per variant, the product's fields from its first row", () => {
    const csv = [
      'Handle,Title,Body (HTML),Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty,Image Src,Status',
      'trail-lantern,Trail lantern,<p>Bright <strong>and</strong> light</p>,Blue,LAN-B,129.99,12,https://cdn.example/l.png,active',
      'trail-lantern,,,Red,LAN-R,119.5,-2,,',
      'trail-lantern,,,,,,,https://cdn.example/l2.png,',
      'copper-kettle,Copper kettle,,Default Title,KET-1,45,3,,draft',
    ].join('\n');
    const parsed = parseProductsCsv(csv);
    expect(parsed).toMatchObject({ ok: true, format: 'shopify' });
    if (!parsed.ok) return;
    expect(parsed.rows.map((row) => [row.line, row.errors])).toEqual([
      [2, []],
      [3, []],
      [5, []],
    ]);
    expect(parsed.rows.map((row) => row.product)).toEqual([
      {
        sku: 'LAN-B',
        name: 'Trail lantern – Blue',
        description: 'Bright and light',
        price: 129.99,
        stock: 12,
        status: 'active',
        imageUrl: 'https://cdn.example/l.png',
      },
      {
        sku: 'LAN-R',
        name: 'Trail lantern – Red',
        description: 'Bright and light',
        price: 119.5,
        stock: 0,
        status: 'active',
        imageUrl: 'https://cdn.example/l.png',
      },
      {
        sku: 'KET-1',
        name: 'Copper kettle',
        description: '',
        price: 45,
        stock: 3,
        status: 'disabled',
      },
    ]);
  });

  it('reads a plain file and says what is wrong with each bad row, naming the field', () => {
    const csv = [
      'sku,name,description,price,stock,status,salesPitch',
      'STOVE-1,Camp stove,Boils fast,89.50,3,active,Our best seller',
      'STOVE-2,Big stove,,ten,1,,',
      'STOVE-1,Stove again,,5,1,archived,',
    ].join('\n');
    const parsed = parseProductsCsv(csv);
    if (!parsed.ok) throw new Error('not parsed');
    expect(parsed.format).toBe('plain');
    expect(parsed.rows[0]).toEqual({
      line: 2,
      product: {
        sku: 'STOVE-1',
        name: 'Camp stove',
        description: 'Boils fast',
        price: 89.5,
        stock: 3,
        status: 'active',
        salesPitch: 'Our best seller',
      },
      errors: [],
    });
    expect(parsed.rows[1]!.errors).toEqual([
      'price: Please enter the price as a number, like 129.99',
    ]);
    expect(parsed.rows[2]!.errors).toEqual([
      expect.stringMatching(/^status: /),
      'sku: STOVE-1 is also on line 2',
    ]);
  });

  it('refuses a file without the columns it needs, naming the ones it has', () => {
    expect(parseProductsCsv('title,cost\nLamp,4')).toEqual({
      ok: false,
      reason: 'columns',
      columns: ['title', 'cost'],
    });
    expect(parseProductsCsv('sku,name,price,stock\n')).toEqual({ ok: false, reason: 'empty' });
  });
});
