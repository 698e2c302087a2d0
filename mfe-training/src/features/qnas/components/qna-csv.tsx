import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Spinner, Stack, useToast } from 'shared-ui';
import {
  CsvImportPreview,
  FileButton,
  apiErrorMessage,
  downloadText,
  useCsvFile,
} from 'shared-ui/controls';
import { maxQnaImportPairs } from 'shared-sdk';
import { importQnas, listAllQnas } from '../api/qnas-api';
import { parseQnasCsv, qnasToCsv, type ImportRow, type ParsedCsv } from '../utils/qnas-csv';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

/** Import pairs from a CSV file (previewed, every row checked, all or nothing) and export them. */
export function QnaCsv({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('qnas');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const {
    chosen,
    choose,
    clear: clearPreview,
  } = useCsvFile<Extract<ParsedCsv, { ok: true }>>(parseQnasCsv, (name, refused) =>
    t(`csv.file.${refused.reason}`, {
      name,
      columns: refused.columns?.join(', '),
      max: maxQnaImportPairs,
    }),
  );
  const preview = chosen && { fileName: chosen.fileName, ...chosen.parsed };
  const [busy, setBusy] = useState<'import' | 'export' | null>(null);

  async function runImport(rows: readonly ImportRow[]) {
    setBusy('import');
    try {
      const { imported } = await importQnas({ workspaceId, pairs: rows.map((row) => row.pair) });
      clearPreview();
      toast.success(t('csv.imported', { count: imported }));
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, t('csv.importFailed')));
    } finally {
      setBusy(null);
    }
  }

  async function runExport() {
    setBusy('export');
    try {
      const qnas = await listAllQnas(workspaceId);
      downloadText(`qna-pairs-${new Date().toISOString().slice(0, 10)}.csv`, qnasToCsv(qnas));
      toast.success(t('csv.exported', { count: qnas.length }));
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, t('csv.exportFailed')));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack $gap={4}>
      <Actions>
        <FileButton
          accept=".csv,text/csv"
          variant="secondary"
          disabled={busy !== null}
          onFiles={([file]) => void choose(file)}
        >
          {t('csv.import')}
        </FileButton>
        <Button
          type="button"
          $variant="secondary"
          disabled={busy !== null}
          onClick={() => void runExport()}
        >
          {busy === 'export' ? <Spinner /> : null}
          {t('csv.export')}
        </Button>
      </Actions>
      {preview ? (
        <CsvImportPreview
          title={t('csv.previewTitle', { name: preview.fileName })}
          ready={t('csv.ready', { count: preview.rows.length })}
          confirmLabel={t('csv.confirm', { count: preview.rows.length })}
          rows={preview.rows}
          minWidth={640}
          columns={
            <>
              <th scope="col">{t('form.question')}</th>
              <th scope="col">{t('form.answer')}</th>
              <th scope="col">{t('form.topics')}</th>
            </>
          }
          cells={(row) => (
            <>
              <td>{row.pair.question}</td>
              <td>{row.pair.answer}</td>
              <td>{row.pair.topicIds?.join(', ')}</td>
            </>
          )}
          importing={busy === 'import'}
          onImport={(rows) => void runImport(rows)}
          onCancel={clearPreview}
        />
      ) : null}
    </Stack>
  );
}
