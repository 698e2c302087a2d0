import Papa from 'papaparse';
import { maxProductImportRows } from 'shared-sdk';
import { productImportRowSchema, type ProductImportRow } from 'shared-sdk/schemas';

/** A plain file's columns (any case, any order; other columns are ignored). */
export const plainColumns = [
  'sku',
  'name',
  'description',
  'price',
  'stock',
  'status',
  'salesPitch',
] as const;

export interface ImportRow {
  /** The row's line in the file, the header being line 1. */
  line: number;
  product: ProductImportRow;
  /** What is wrong with it, each naming its field; empty when the row can be imported. */
  errors: string[];
}

export type ParsedProductsCsv =
  | { ok: true; format: 'shopify' | 'plain'; rows: ImportRow[] }
  | { ok: false; reason: 'empty' | 'columns' | 'tooMany'; columns?: string[] };

/** A number typed in a cell; blank is absent (the schema then says it is needed). */
const numberOf = (cell: string) => {
  const text = cell.trim().replace(/^\$/, '');
  return text === '' ? undefined : Number(text);
};

/** Text of an HTML description, without running or loading anything in it. */
const textOfHtml = (html: string) =>
  html.trim() === ''
    ? ''
    : (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '')
        .replace(/\s+/g, ' ')
        .trim();

/** Shopify's statuses: draft and archived products are not for sale. */
const shopifyStatus = (cell: string) =>
  cell.trim() === '' || cell.trim().toLowerCase() === 'active' ? 'active' : 'disabled';

type Record_ = { line: number; cell: (name: string) => string };

/**
 * Shopify's product export: one row per variant, the product's own fields (title, description,
 * status) on its first row only; rows without a variant SKU carry extra images.
 */
function fromShopify(records: Record_[]): { line: number; product: Record<string, unknown> }[] {
  const firstOf = new Map<string, Record_>();
  const rows: { line: number; product: Record<string, unknown> }[] = [];
  for (const record of records) {
    const handle = record.cell('handle');
    if (!firstOf.has(handle)) firstOf.set(handle, record);
    const first = firstOf.get(handle)!;
    const sku = record.cell('variant sku');
    if (sku === '' && record.cell('variant price') === '') continue;
    const option = record.cell('option1 value');
    const title = first.cell('title');
    const stock = numberOf(record.cell('variant inventory qty'));
    // A variant's own image, else the product's first.
    const imageSrc = record.cell('variant image') || first.cell('image src');
    rows.push({
      line: record.line,
      product: {
        sku,
        name: option && option !== 'Default Title' ? `${title} – ${option}` : title,
        description: textOfHtml(first.cell('body (html)')),
        price: numberOf(record.cell('variant price')),
        // An oversold product (negative inventory) is out of stock.
        stock: stock === undefined ? 0 : Math.max(0, stock),
        status: shopifyStatus(first.cell('status')),
        // Shopify's CDN address: the server copies the photo in after the import (the
        // dashboard and the widget show only images stored with Parley).
        ...(imageSrc ? { imageUrl: imageSrc } : {}),
      },
    });
  }
  return rows;
}

function fromPlain(records: Record_[]): { line: number; product: Record<string, unknown> }[] {
  return records.map((record) => ({
    line: record.line,
    product: {
      sku: record.cell('sku'),
      name: record.cell('name'),
      description: record.cell('description'),
      price: numberOf(record.cell('price')),
      stock: numberOf(record.cell('stock')),
      status: record.cell('status').trim().toLowerCase() || 'active',
      salesPitch: record.cell('salespitch') || null,
    },
  }));
}

/**
 * Reads Shopify's product export or a plain CSV (sku, name, description, price, stock, status,
 * salesPitch) and checks each product with the schema the API imports with, so the preview
 * shows every row's problems before anything is sent.
 */
export function parseProductsCsv(text: string): ParsedProductsCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...lines] = parsed.data;
  if (!header || lines.length === 0) return { ok: false, reason: 'empty' };
  const names = header.map((name) => name.trim().toLowerCase());
  const has = (...wanted: string[]) => wanted.every((name) => names.includes(name));
  const format = has('handle', 'variant sku', 'variant price')
    ? 'shopify'
    : has('sku', 'name', 'price', 'stock')
      ? 'plain'
      : null;
  if (!format) return { ok: false, reason: 'columns', columns: header };

  const records = lines.map((cells, position): Record_ => ({
    line: position + 2,
    cell: (name) => (cells[names.indexOf(name)] ?? '').trim(),
  }));
  const products = format === 'shopify' ? fromShopify(records) : fromPlain(records);
  if (products.length === 0) return { ok: false, reason: 'empty' };
  if (products.length > maxProductImportRows) return { ok: false, reason: 'tooMany' };

  const firstLineOfSku = new Map<string, number>();
  const rows = products.map(({ line, product }): ImportRow => {
    const checked = productImportRowSchema.safeParse(product);
    const errors = checked.success
      ? []
      : checked.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    const sku = String(product.sku);
    const earlier = firstLineOfSku.get(sku);
    if (earlier !== undefined && sku !== '') errors.push(`sku: ${sku} is also on line ${earlier}`);
    else firstLineOfSku.set(sku, line);
    return {
      line,
      product: checked.success ? checked.data : (product as ProductImportRow),
      errors,
    };
  });
  return { ok: true, format, rows };
}
