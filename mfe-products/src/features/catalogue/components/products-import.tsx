import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { WriteProgress } from 'shared-sdk';
import { maxProductImportRows } from 'shared-sdk';
import { Muted, Stack, useToast } from 'shared-ui';
import {
  CsvImportPreview,
  FileButton,
  ProgressBar,
  apiErrorMessage,
  useCsvFile,
} from 'shared-ui/controls';
import { importProducts } from '../api/products-api';
import {
  parseProductsCsv,
  plainColumns,
  type ImportRow,
  type ParsedProductsCsv,
} from '../utils/products-csv';
import { PhotoCopyProgress } from './photo-copy-progress';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

const Progress = styled.div`
  width: min(100%, 320px);
`;

/**
 * Import products from Shopify's product export or a plain CSV: every row checked and previewed
 * before anything is written, then written by SKU in one call, every row or none, its progress
 * shown as the server reports it; then the copying in of the file's photos, followed live.
 */
export function ProductsImport({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('catalogue');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const {
    chosen,
    choose,
    clear: clearPreview,
  } = useCsvFile<Extract<ParsedProductsCsv, { ok: true }>>(parseProductsCsv, (name, refused) =>
    t(`import.file.${refused.reason}`, {
      name,
      columns: refused.columns?.join(', '),
      expected: plainColumns.join(', '),
      max: maxProductImportRows,
    }),
  );
  const preview = chosen && { fileName: chosen.fileName, ...chosen.parsed };
  /** While an import runs: null until the server has said how far it is. */
  const [importing, setImporting] = useState<{ progress: WriteProgress | null } | null>(null);
  const [photoCopy, setPhotoCopy] = useState<{ jobId: string; count: number } | null>(null);

  async function run(rows: readonly ImportRow[]) {
    setImporting({ progress: null });
    try {
      const counts = await importProducts(
        { workspaceId, products: rows.map((row) => row.product) },
        (progress) => setImporting({ progress }),
      );
      clearPreview();
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
        <CsvImportPreview
          title={t('import.previewTitle', { name: preview.fileName })}
          ready={t(`import.ready.${preview.format}`, { count: preview.rows.length })}
          confirmLabel={t('import.confirm', { count: preview.rows.length })}
          rows={preview.rows}
          minWidth={720}
          columns={
            <>
              <th scope="col">{t('columns.sku')}</th>
              <th scope="col">{t('columns.product')}</th>
              <th scope="col">{t('columns.price')}</th>
              <th scope="col">{t('columns.stock')}</th>
              <th scope="col">{t('columns.status')}</th>
            </>
          }
          cells={(row) => (
            <>
              <td>{row.product.sku}</td>
              <td>{row.product.name}</td>
              <td>{String(row.product.price ?? '')}</td>
              <td>{String(row.product.stock ?? '')}</td>
              <td>{row.product.status}</td>
            </>
          )}
          importing={importing !== null}
          progress={
            importing ? (
              <ImportProgress progress={importing.progress} total={preview.rows.length} />
            ) : null
          }
          onImport={(rows) => void run(rows)}
          onCancel={clearPreview}
        />
      ) : null}
    </Stack>
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
