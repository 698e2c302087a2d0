import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { newClientId } from 'shared-sdk';
import type { CreateProductRequest, Product } from 'shared-sdk/schemas';
import { Button, Spinner } from 'shared-ui';
import { TextAreaField, TextField, apiErrorMessage, useSchemaForm } from 'shared-ui/controls';
import { createProduct, updateProduct } from '../api/products-api';
import { ProductPhotoField } from './product-photo-field';

const Form = styled.form`
  display: grid;
  gap: 20px;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

const Columns = styled.div`
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
`;

const Check = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  input {
    width: 18px;
    height: 18px;
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

type Field = 'sku' | 'name' | 'price' | 'stock' | 'description' | 'salesPitch';

const valuesOf = (product?: Product): Record<Field, string> => ({
  sku: product?.sku ?? '',
  name: product?.name ?? '',
  price: product ? product.price.toFixed(2) : '',
  stock: product ? String(product.stock) : '',
  description: product?.description ?? '',
  salesPitch: product?.salesPitch ?? '',
});

/** Typed text as a number for the schema: blank is absent (the schema says it is needed). */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/**
 * Adds a product, or changes `product`. Checked with the API's own schema (product-spec.md §7). A new
 * product's id is chosen here once, so a save retried after a lost answer adds one product.
 */
export function ProductForm({
  workspaceId,
  currency,
  product,
  onDone,
}: {
  workspaceId: string;
  currency: string;
  product?: Product;
  /** Told when the form should close: saved or cancelled. */
  onDone: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const { t: tCommon } = useTranslation('common');
  const titleId = useId();
  const [productId] = useState(() => product?.id ?? newClientId());
  const [photoUrl, setPhotoUrl] = useState(product?.photoUrl ?? null);
  const [photoBusy, setPhotoBusy] = useState(false);
  const [active, setActive] = useState(product ? product.status !== 'disabled' : true);
  // An import is still writing a processing product: its status is left to the import.
  const statusSettable = product?.status !== 'processing';

  const { values, state, field, handleSubmit } = useSchemaForm({
    schema: () =>
      import('shared-sdk/schemas').then((schemas) => schemas.createProductRequestSchema),
    initialValues: valuesOf(product),
    toInput: (typed): CreateProductRequest => ({
      workspaceId,
      productId,
      sku: typed.sku,
      name: typed.name,
      description: typed.description,
      salesPitch: typed.salesPitch,
      photoUrl,
      price: numberOf(typed.price) as number,
      stock: numberOf(typed.stock) as number,
      status: active ? 'active' : 'disabled',
    }),
    describeFailure: (error) => {
      const message = apiErrorMessage(tCommon, error, t('form.failed'));
      return /\bSKU\b/.test(message) ? { message, field: 'sku' } : { message };
    },
    send: async (request) => {
      if (!product) return createProduct(request);
      const { status, ...fields } = request;
      return updateProduct({ ...fields, ...(statusSettable ? { status } : {}) });
    },
    reportDone: (saved, toast) => {
      toast.success(t(product ? 'form.saved' : 'form.created', { name: saved.name }));
      onDone();
    },
  });
  const submitting = state.status === 'submitting';

  return (
    <Form noValidate aria-labelledby={titleId} onSubmit={handleSubmit} aria-busy={submitting}>
      <h2 id={titleId}>
        {product ? t('form.editTitle', { name: product.name }) : t('form.newTitle')}
      </h2>
      <Columns>
        <TextField label={t('form.name')} autoComplete="off" {...field('name')} />
        <TextField
          label={t('form.sku')}
          hint={t('form.skuHint')}
          autoComplete="off"
          {...field('sku')}
        />
      </Columns>
      <Columns>
        <TextField
          label={t('form.price', { currency })}
          hint={t('form.priceHint')}
          inputMode="decimal"
          {...field('price')}
        />
        <TextField label={t('form.stock')} inputMode="numeric" {...field('stock')} />
      </Columns>
      <TextAreaField label={t('form.description')} rows={3} {...field('description')} />
      <TextAreaField
        label={t('form.salesPitch')}
        hint={t('form.salesPitchHint')}
        rows={2}
        {...field('salesPitch')}
      />
      <ProductPhotoField
        workspaceId={workspaceId}
        productId={productId}
        name={values.name}
        photoUrl={photoUrl}
        onChange={setPhotoUrl}
        onBusy={setPhotoBusy}
      />
      {statusSettable ? (
        <Check>
          <input
            type="checkbox"
            checked={active}
            onChange={(event) => setActive(event.target.checked)}
          />
          {t('form.status')}
        </Check>
      ) : null}
      <Actions>
        <Button type="submit" disabled={submitting || photoBusy}>
          {submitting ? <Spinner /> : null}
          {submitting ? t('form.saving') : t('form.save')}
        </Button>
        <Button type="button" $variant="secondary" onClick={onDone}>
          {t('form.cancel')}
        </Button>
      </Actions>
    </Form>
  );
}
