import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { WriteProgress } from 'shared-sdk';
import { maxProductImportRows } from 'shared-sdk';
import { Button, Card, Muted, Spinner, Stack, useToast } from 'shared-ui';
import { DataTable, FileButton, ProgressBar, apiErrorMessage, readText } from 'shared-ui/controls';
import { importProducts } from '../api/products-api';
import { parseProductsCsv, plainColumns, type ImportRow } from '../utils/products-csv';
import { PhotoCopyProgress } from './photo-copy-progress';

/** Rows shown in the preview of a good file; a file with errors shows each bad row. */
const previewRows = 20;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

const Problem = styled.td`
  color: ${({ theme }) => theme.colors.red};
  font-weight: 600;
`;

const Progress = styled.div`
  width: min(100%, 320px);
`;

type Preview = { fileName: string; format: 'shopify' | 'plain'; rows: ImportRow[] };

/**
 * Import products from Shopify's product export or a plain CSV: every row checked and previewed
 * before anything is written, then written by SKU in one call, every row or none, its progress
 * shown as the server reports it; then the copying in of the file's photos, followed live.
 */
export function ProductsImport({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('catalogue');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const [preview, setPreview] = useState<Preview | null>(null);
  /** While an import runs: null until the server has said how far it is. */
  const [importing, setImporting] = useState<{ progress: WriteProgress | null } | null>(null);
  const [photoCopy, setPhotoCopy] = useState<{ jobId: string; count: number } | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    const parsed = parseProductsCsv(await readText(file));
    if (!parsed.ok) {
      setPreview(null);
      toast.error(
        t(`import.file.${parsed.reason}`, {
          name: file.name,
          columns: parsed.columns?.join(', '),
          expected: plainColumns.join(', '),
          max: maxProductImportRows,
        }),
      );
      return;
    }
    setPreview({ fileName: file.name, format: parsed.format, rows: parsed.rows });
  }

  async function run(rows: ImportRow[]) {
    setImporting({ progress: null });
    try {
      const counts = await importProducts(
        { workspaceId, products: rows.map((row) => row.product) },
        (progress) => setImporting({ progress }),
      );
      setPreview(null);
      setPhotoCopy(counts.photos);
      toast.success(t('import.done', counts));
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, t('import.failed')));
    } finally {
      setImporting(null);
    }
  }

  return (
    <Stack $gap={4}>
      <Actions>
        <FileButton
          accept=".csv,text/csv"
          variant="secondary"
          disabled={importing !== null}
          onFiles={([file]) => void choose(file)}
        >
          {t('import.choose')}
        </FileButton>
      </Actions>
      {photoCopy ? (
        <PhotoCopyProgress
          key={photoCopy.jobId}
          workspaceId={workspaceId}
          jobId={photoCopy.jobId}
          count={photoCopy.count}
          onClose={() => setPhotoCopy(null)}
        />
      ) : null}
      {preview ? (
        <ImportPreview
          preview={preview}
          importing={importing}
          onImport={(rows) => void run(rows)}
          onCancel={() => setPreview(null)}
        />
      ) : null}
    </Stack>
  );
}

function ImportPreview({
  preview,
  importing,
  onImport,
  onCancel,
}: {
  preview: Preview;
  importing: { progress: WriteProgress | null } | null;
  onImport: (rows: ImportRow[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const bad = preview.rows.filter((row) => row.errors.length > 0);
  const shown = bad.length > 0 ? bad : preview.rows.slice(0, previewRows);
  const total = preview.rows.length;
  return (
    <Card as="section" aria-labelledby="products-import-title">
      <Stack $gap={4}>
        <h2 id="products-import-title">{t('import.previewTitle', { name: preview.fileName })}</h2>
        <p role={bad.length > 0 ? 'alert' : 'status'}>
          {bad.length > 0
            ? t('import.hasErrors', { count: bad.length, total })
            : t(`import.ready.${preview.format}`, { count: total })}
        </p>
        <DataTable
          caption={
            bad.length > 0 ? t('import.badRows') : t('import.firstRows', { count: shown.length })
          }
          align="top"
          minWidth={720}
        >
          <thead>
            <tr>
              <th scope="col">{t('import.line')}</th>
              <th scope="col">{t('columns.sku')}</th>
              <th scope="col">{t('columns.product')}</th>
              <th scope="col">{t('columns.price')}</th>
              <th scope="col">{t('columns.stock')}</th>
              <th scope="col">{t('columns.status')}</th>
              {bad.length > 0 ? <th scope="col">{t('import.problem')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.line}>
                <th scope="row">{row.line}</th>
                <td>{row.product.sku}</td>
                <td>{row.product.name}</td>
                <td>{String(row.product.price ?? '')}</td>
                <td>{String(row.product.stock ?? '')}</td>
                <td>{row.product.status}</td>
                {bad.length > 0 ? <Problem>{row.errors.join('; ')}</Problem> : null}
              </tr>
            ))}
          </tbody>
        </DataTable>
        <Actions>
          <Button
            type="button"
            disabled={bad.length > 0 || importing !== null}
            onClick={() => onImport(preview.rows)}
          >
            {importing ? <Spinner /> : null}
            {importing ? t('import.importing') : t('import.confirm', { count: total })}
          </Button>
          <Button type="button" $variant="ghost" disabled={importing !== null} onClick={onCancel}>
            {t('import.cancel')}
          </Button>
          {importing ? <ImportProgress progress={importing.progress} total={total} /> : null}
        </Actions>
      </Stack>
    </Card>
  );
}

/** Rows written so far, as the server reports them; until its first report, only that it runs. */
function ImportProgress({ progress, total }: { progress: WriteProgress | null; total: number }) {
  const { t } = useTranslation('catalogue');
  return (
    <Progress>
      <ProgressBar
        label={t('import.progress', { count: total })}
        value={progress ? progress.done : null}
        max={progress?.total ?? total}
      />
      <Muted>
        {progress
          ? t('import.written', { done: progress.done, total: progress.total })
          : t('import.sending')}
      </Muted>
    </Progress>
  );
}
