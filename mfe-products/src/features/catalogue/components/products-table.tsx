import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { formatPrice, lowStockThreshold, storedImageSources } from 'shared-sdk';
import type { Product } from 'shared-sdk/schemas';
import { Badge, Button } from 'shared-ui';
import { SelectableTable } from 'shared-ui/controls';

const Name = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  img,
  span[aria-hidden] {
    flex: none;
    width: 40px;
    height: 40px;
    border-radius: ${({ theme }) => theme.radii.md};
    object-fit: cover;
    background: ${({ theme }) => theme.colors.lightGrey200};
  }
  button {
    padding: 0;
    font: inherit;
    font-weight: 600;
    text-align: start;
    color: ${({ theme }) => theme.colors.primaryBlue};
    background: none;
    border: none;
    text-decoration: underline;
    cursor: pointer;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

export interface ProductsTableProps {
  caption: string;
  products: readonly Product[];
  currency: string;
  isSelected: (productId: string) => boolean;
  onToggle: (productId: string) => void;
  onTogglePage: (selected: boolean) => void;
  onEdit: (product: Product) => void;
  onSetStatus: (product: Product, status: 'active' | 'disabled') => void;
  onDelete: (product: Product) => void;
}

/**
 * One page of products. Each row is a keyboard stop: Space selects it, Enter edits it, the
 * arrow keys move to the row above or below.
 */
export function ProductsTable({
  caption,
  products,
  currency,
  isSelected,
  onToggle,
  onTogglePage,
  onEdit,
  onSetStatus,
  onDelete,
}: ProductsTableProps) {
  const { t, i18n } = useTranslation('catalogue');
  const stockText = (stock: number) =>
    stock === 0
      ? t('stock.out')
      : stock <= lowStockThreshold
        ? t('stock.low', { count: stock })
        : t('stock.in', { count: stock });

  return (
    <SelectableTable
      caption={caption}
      minWidth={860}
      rows={products}
      rowId={(product) => product.id}
      selectPageLabel={t('selectPage')}
      selectRowLabel={(product) => t('select', { name: product.name })}
      isSelected={isSelected}
      onToggle={onToggle}
      onTogglePage={onTogglePage}
      onOpen={onEdit}
      columns={
        <>
          <th scope="col">{t('columns.product')}</th>
          <th scope="col">{t('columns.sku')}</th>
          <th scope="col">{t('columns.price')}</th>
          <th scope="col">{t('columns.stock')}</th>
          <th scope="col">{t('columns.status')}</th>
          <th scope="col">{t('columns.actions')}</th>
        </>
      }
      cells={(product) => (
        <>
          <th scope="row">
            <Name>
              {product.photoUrl ? (
                <img alt="" {...storedImageSources(product.photoUrl, 40)} />
              ) : (
                <span aria-hidden="true" />
              )}
              <button
                type="button"
                tabIndex={-1}
                aria-label={t('edit', { name: product.name })}
                onClick={() => onEdit(product)}
              >
                {product.name}
              </button>
            </Name>
          </th>
          <td>{product.sku}</td>
          <td>{formatPrice(product.price, currency, i18n.language)}</td>
          <td>{stockText(product.stock)}</td>
          <td>
            <Badge $tone={product.status === 'active' ? 'open' : 'neutral'}>
              {t(`status.${product.status}`)}
            </Badge>
          </td>
          <td>
            <Actions>
              {product.status === 'processing' ? null : (
                <Button
                  type="button"
                  $variant="secondary"
                  onClick={() =>
                    onSetStatus(product, product.status === 'active' ? 'disabled' : 'active')
                  }
                >
                  {product.status === 'active' ? t('disable') : t('enable')}
                </Button>
              )}
              <Button
                type="button"
                $variant="ghost"
                aria-label={t('delete', { name: product.name })}
                onClick={() => onDelete(product)}
              >
                {t('deleteDialog.confirm')}
              </Button>
            </Actions>
          </td>
        </>
      )}
    />
  );
}
