import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { dashboardPaths, type DeleteProductsRequest } from 'shared-sdk';
import type { Product } from 'shared-sdk/schemas';
import {
  addTranslations,
  Button,
  Card,
  Loading,
  Muted,
  SegmentedControl,
  Stack,
  usePageTitle,
  useToast,
} from 'shared-ui';
import {
  apiErrorMessage,
  ConfirmDialog,
  ListToolbar,
  LoadFailed,
  PageHeader,
  Pagination,
  PerPageField,
  SelectionBar,
  SelectField,
  TextField,
} from 'shared-ui/controls';
import { deleteProducts, setProductsStatus } from '../api/products-api';
import { useProducts } from '../hooks/use-products';
import {
  parseProductsView,
  perPageOptions,
  productsInTab,
  productsViewSearch,
  sortOptions,
  statusTabs,
  type ProductsView,
  type StatusTab,
} from '../utils/products-view';
import en from '../en-US.json';
import { ProductForm } from './product-form';
import { ProductsImport } from './products-import';
import { ProductsTable } from './products-table';

addTranslations('catalogue', en);

/**
 * /dashboard/:workspaceId/products. The query string is checked first (product-spec.md §5): a page, size,
 * status or order it rejects is the shell's 404 page.
 */
export function ProductsPage() {
  const { t } = useTranslation('catalogue');
  usePageTitle(t('title'));
  const { workspaceId = '' } = useParams();
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const view = parseProductsView(searchParams, `${pathname}${search}`);
  return <ProductsList workspaceId={workspaceId} view={view} />;
}

type Editing = { kind: 'new' } | { kind: 'edit'; product: Product } | null;
/** What a confirmed delete removes. */
type Deleting =
  | { kind: 'one'; product: Product }
  | { kind: 'some'; ids: string[] }
  | { kind: 'status'; status: Exclude<StatusTab, 'all'>; count: number };

function ProductsList({ workspaceId, view }: { workspaceId: string; view: ProductsView }) {
  const { t } = useTranslation('catalogue');
  const { t: tCommon } = useTranslation('common');
  const navigate = useNavigate();
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { list, products, hasNext, counts, countsFailed, retryCounts, currency } = useProducts(
    workspaceId,
    view,
  );
  const [editing, setEditing] = useState<Editing>(null);
  const viewKey = `${workspaceId}${productsViewSearch(view)}`;
  const [selection, setSelection] = useState({ view: viewKey, ids: new Set<string>() });
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [deleteState, setDeleteState] = useState<{ busy: boolean; error?: string }>({
    busy: false,
  });

  const hrefWith = (changes: Partial<ProductsView>) =>
    dashboardPaths['dashboard-workspaceId-products'].getHref(
      { workspaceId },
      productsViewSearch({ ...view, ...changes }),
    );
  const go = (changes: Partial<ProductsView>, replace = false) =>
    navigate(hrefWith({ page: 1, ...changes }), { replace });

  const loaded = list.status === 'live' || list.status === 'reconnecting';
  const searching = view.search.trim() !== '';
  const total = searching ? undefined : productsInTab(counts, view.status);
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / view.perPage));
  // Only products still on the page count: one changed elsewhere may have left the tab.
  const selectedIds =
    selection.view === viewKey
      ? products.filter((product) => selection.ids.has(product.id)).map((product) => product.id)
      : [];
  const select = (ids: Iterable<string>) => setSelection({ view: viewKey, ids: new Set(ids) });
  const toggle = (productId: string) =>
    select(
      selectedIds.includes(productId)
        ? selectedIds.filter((id) => id !== productId)
        : [...selectedIds, productId],
    );

  const tabLabel = (status: StatusTab) => {
    const count = productsInTab(counts, status);
    return count === undefined ? t(`tabs.${status}Pending`) : t(`tabs.${status}`, { count });
  };

  async function setStatus(chosen: readonly Product[], status: 'active' | 'disabled') {
    try {
      await setProductsStatus(chosen, status);
      toast.success(
        t(status === 'active' ? 'bulk.enabled' : 'bulk.disabled', { count: chosen.length }),
      );
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, t('bulk.failed')));
    }
  }

  const deleteRequest = (which: Deleting): DeleteProductsRequest =>
    which.kind === 'one'
      ? { workspaceId, productId: which.product.id }
      : which.kind === 'some'
        ? { workspaceId, productIds: which.ids }
        : { workspaceId, where: { status: which.status } };

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteState({ busy: true });
    try {
      const { deleted } = await deleteProducts(deleteRequest(deleting));
      toast.success(t('deleteDialog.done', { count: deleted }));
      setDeleting(null);
      setDeleteState({ busy: false });
      select([]);
      // The row or button that had focus is gone; the page's heading takes it.
      headingRef.current?.focus();
    } catch (error) {
      setDeleteState({
        busy: false,
        error: apiErrorMessage(tCommon, error, t('deleteDialog.failed')),
      });
    }
  }

  const askDelete = (which: Deleting) => {
    setDeleteState({ busy: false });
    setDeleting(which);
  };

  const deleteMessage = (which: Deleting) =>
    which.kind === 'one'
      ? t('deleteDialog.one', { name: which.product.name })
      : which.kind === 'some'
        ? t('deleteDialog.some', { count: which.ids.length })
        : t('deleteDialog.status', {
            count: which.count,
            status: t(`status.${which.status}`).toLowerCase(),
          });

  const tabStatus = view.status === 'all' ? null : view.status;
  const statusCount = tabStatus ? productsInTab(counts, tabStatus) : undefined;
  const selectedProducts = products.filter((product) => selectedIds.includes(product.id));

  return (
    <Stack $gap={6}>
      <PageHeader title={t('title')} lead={t('lead')} headingRef={headingRef}>
        <div>
          <Button
            type="button"
            aria-expanded={editing?.kind === 'new'}
            aria-controls="product-form"
            onClick={() => setEditing(editing?.kind === 'new' ? null : { kind: 'new' })}
          >
            {editing?.kind === 'new' ? t('closeForm') : t('add')}
          </Button>
        </div>
      </PageHeader>
      <ProductsImport workspaceId={workspaceId} />
      {editing ? (
        <Card id="product-form">
          <ProductForm
            key={editing.kind === 'edit' ? editing.product.id : 'new'}
            workspaceId={workspaceId}
            currency={currency}
            product={editing.kind === 'edit' ? editing.product : undefined}
            onDone={() => setEditing(null)}
          />
        </Card>
      ) : null}
      <SegmentedControl
        legend={t('tabs.legend')}
        name="product-status"
        size="md"
        value={view.status}
        onChange={(status) => go({ status })}
        options={statusTabs.map((status) => ({ value: status, label: tabLabel(status) }))}
      />
      <ListToolbar>
        <TextField
          label={t('search')}
          type="search"
          value={view.search}
          // Typing replaces the history entry: Back leaves the page, not each keystroke.
          onChange={(event) => go({ search: event.target.value }, true)}
        />
        <SelectField
          label={t('sort.label')}
          value={view.sort}
          onChange={(event) =>
            go({ sort: sortOptions.find((option) => option === event.target.value) ?? view.sort })
          }
        >
          {sortOptions.map((option) => (
            <option key={option} value={option}>
              {t(`sort.${option}`)}
            </option>
          ))}
        </SelectField>
        <PerPageField
          label={t('perPage')}
          value={view.perPage}
          options={perPageOptions}
          onChange={(perPage) => go({ perPage })}
        />
      </ListToolbar>
      {countsFailed ? <LoadFailed message={t('countsFailed')} onRetry={retryCounts} /> : null}
      {selectedIds.length > 0 ? (
        <SelectionBar
          role="region"
          label={t('bulk.label')}
          status={t('bulk.selected', { count: selectedIds.length })}
        >
          <Button
            type="button"
            $variant="secondary"
            onClick={() => void setStatus(selectedProducts, 'active')}
          >
            {t('bulk.enable')}
          </Button>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => void setStatus(selectedProducts, 'disabled')}
          >
            {t('bulk.disable')}
          </Button>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => askDelete({ kind: 'some', ids: selectedIds })}
          >
            {t('bulk.delete')}
          </Button>
          <Button type="button" $variant="ghost" onClick={() => select([])}>
            {t('bulk.clear')}
          </Button>
        </SelectionBar>
      ) : null}
      {tabStatus && !searching && statusCount ? (
        <div>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => askDelete({ kind: 'status', status: tabStatus, count: statusCount })}
          >
            {t('bulk.deleteStatus', {
              status: t(`status.${tabStatus}`).toLowerCase(),
              count: statusCount,
            })}
          </Button>
        </div>
      ) : null}
      <div aria-busy={list.status === 'loading'}>
        {list.status === 'loading' ? <Loading label={t('loading')} /> : null}
        {list.status === 'error' ? (
          <LoadFailed message={t('loadFailed')} onRetry={list.retry} />
        ) : null}
        {loaded && products.length === 0 ? (
          <Muted>
            {view.page > 1 ? (
              <>
                {t('empty.pastEnd')} <Link to={hrefWith({ page: 1 })}>{t('empty.firstPage')}</Link>
              </>
            ) : searching ? (
              <>
                {t('empty.noMatch')} <Link to={hrefWith({ search: '' })}>{t('empty.clear')}</Link>
              </>
            ) : (
              t(`empty.${view.status}`)
            )}
          </Muted>
        ) : null}
        {loaded && products.length > 0 ? (
          <ProductsTable
            caption={
              pages === undefined
                ? t('captionPending', { page: view.page })
                : t('caption', { page: view.page, pages })
            }
            products={products}
            currency={currency}
            isSelected={(productId) => selectedIds.includes(productId)}
            onToggle={toggle}
            onTogglePage={(selected) => select(selected ? products.map((p) => p.id) : [])}
            onEdit={(product) => setEditing({ kind: 'edit', product })}
            onSetStatus={(product, status) => void setStatus([product], status)}
            onDelete={(product) => askDelete({ kind: 'one', product })}
          />
        ) : null}
      </div>
      <Pagination
        label={t('paging.label')}
        status={
          pages === undefined
            ? t('paging.statusPending', { page: view.page })
            : t('paging.status', { page: view.page, pages })
        }
        previous={{
          label: t('paging.previous'),
          href: view.page > 1 ? hrefWith({ page: view.page - 1 }) : undefined,
        }}
        next={{
          label: t('paging.next'),
          href: hasNext ? hrefWith({ page: view.page + 1 }) : undefined,
        }}
      />
      <Muted>{t('keyboardHint')}</Muted>
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteDialog.title')}
        confirmLabel={t('deleteDialog.confirm')}
        cancelLabel={t('deleteDialog.cancel')}
        busy={deleteState.busy}
        busyLabel={t('deleteDialog.busy')}
        destructive
        error={deleteState.error}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? deleteMessage(deleting) : null}
      </ConfirmDialog>
    </Stack>
  );
}
