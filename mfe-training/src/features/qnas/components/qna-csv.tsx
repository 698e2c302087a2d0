import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Card, Spinner, Stack, useToast } from 'shared-ui';
import { DataTable, FileButton, apiErrorMessage, downloadText, readText } from 'shared-ui/controls';
import { maxQnaImportPairs } from 'shared-sdk';
import { importQnas, listAllQnas } from '../api/qnas-api';
import { parseQnasCsv, qnasToCsv, type ImportRow } from '../utils/qnas-csv';

/** Rows shown in the preview of a good file; a file with errors shows each bad row. */
const previewRows = 20;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

const Problem = styled.td`
  color: ${({ theme }) => theme.colors.red};
  font-weight: 600;
`;

type Preview = { fileName: string; rows: ImportRow[] };

/** Import pairs from a CSV file (previewed, every row checked, all or nothing) and export them. */
export function QnaCsv({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('qnas');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState<'import' | 'export' | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    const parsed = parseQnasCsv(await readText(file));
    if (!parsed.ok) {
      setPreview(null);
      toast.error(
        t(`csv.file.${parsed.reason}`, {
          name: file.name,
          columns: parsed.columns?.join(', '),
          max: maxQnaImportPairs,
        }),
      );
      return;
    }
    setPreview({ fileName: file.name, rows: parsed.rows });
  }

  async function runImport(rows: ImportRow[]) {
    setBusy('import');
    try {
      const { imported } = await importQnas({ workspaceId, pairs: rows.map((row) => row.pair) });
      setPreview(null);
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
        <ImportPreview
          preview={preview}
          importing={busy === 'import'}
          onImport={(rows) => void runImport(rows)}
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
  importing: boolean;
  onImport: (rows: ImportRow[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('qnas');
  const bad = preview.rows.filter((row) => row.errors.length > 0);
  const shown = bad.length > 0 ? bad : preview.rows.slice(0, previewRows);
  return (
    <Card as="section" aria-labelledby="qna-import-title">
      <Stack $gap={4}>
        <h2 id="qna-import-title">{t('csv.previewTitle', { name: preview.fileName })}</h2>
        <p role={bad.length > 0 ? 'alert' : 'status'}>
          {bad.length > 0
            ? t('csv.hasErrors', { count: bad.length, total: preview.rows.length })
            : t('csv.ready', { count: preview.rows.length })}
        </p>
        <DataTable
          caption={bad.length > 0 ? t('csv.badRows') : t('csv.firstRows', { count: shown.length })}
          align="top"
          minWidth={640}
        >
          <thead>
            <tr>
              <th scope="col">{t('csv.line')}</th>
              <th scope="col">{t('form.question')}</th>
              <th scope="col">{t('form.answer')}</th>
              <th scope="col">{t('form.topics')}</th>
              {bad.length > 0 ? <th scope="col">{t('csv.problem')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.line}>
                <th scope="row">{row.line}</th>
                <td>{row.pair.question}</td>
                <td>{row.pair.answer}</td>
                <td>{row.pair.topicIds?.join(', ')}</td>
                {bad.length > 0 ? <Problem>{row.errors.join('; ')}</Problem> : null}
              </tr>
            ))}
          </tbody>
        </DataTable>
        <Actions>
          <Button
            type="button"
            disabled={bad.length > 0 || importing}
            onClick={() => onImport(preview.rows)}
          >
            {importing ? <Spinner /> : null}
            {importing ? t('csv.importing') : t('csv.confirm', { count: preview.rows.length })}
          </Button>
          <Button type="button" $variant="ghost" disabled={importing} onClick={onCancel}>
            {t('csv.cancel')}
          </Button>
        </Actions>
      </Stack>
    </Card>
  );
}
