import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Card, Spinner, Stack, useToast } from 'shared-ui';
import { readText } from './text-files';
import { DataTable } from './data-table';

// What a CSV import shows before it writes anything (products, Q&A pairs): every row is checked
// first; a file with a bad row shows each bad row and its problem and cannot be imported, a good
// one shows its first rows and imports all of them or none.

/** Rows shown of a good file; a file with errors shows each bad row. */
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

/** A row as read from the file: its line number, and what is wrong with it (none when right). */
export interface CsvImportRow {
  line: number;
  errors: readonly string[];
}

/** Why a file was refused before its rows were checked: no rows, unknown columns, too many. */
export interface CsvFileRefusal {
  ok: false;
  reason: 'empty' | 'columns' | 'tooMany';
  /** The file's columns, when they are what is wrong. */
  columns?: string[];
}

/**
 * The CSV file chosen for an import, read and parsed: `chosen` once it parses, for the preview;
 * a file refused as a whole is said in a toast (`refusal` words it) and leaves nothing chosen.
 */
export function useCsvFile<Parsed extends { ok: true }>(
  parse: (text: string) => Parsed | CsvFileRefusal,
  refusal: (fileName: string, refused: CsvFileRefusal) => string,
) {
  const toast = useToast();
  const [chosen, setChosen] = useState<{ fileName: string; parsed: Parsed } | null>(null);
  async function choose(file: File | undefined) {
    if (!file) return;
    const parsed = parse(await readText(file));
    if (parsed.ok) {
      setChosen({ fileName: file.name, parsed });
    } else {
      setChosen(null);
      toast.error(refusal(file.name, parsed));
    }
  }
  return { chosen, choose, clear: () => setChosen(null) };
}

export function CsvImportPreview<Row extends CsvImportRow>({
  title,
  ready,
  confirmLabel,
  rows,
  columns,
  cells,
  minWidth,
  importing,
  progress,
  onImport,
  onCancel,
}: {
  /** "Import products.csv". */
  title: string;
  /** Said when every row is right: "12 products ready to import." */
  ready: string;
  /** "Import 12 products". */
  confirmLabel: string;
  rows: readonly Row[];
  /** The column headers after the line number. */
  columns: ReactNode;
  /** A row's cells after its line number. */
  cells: (row: Row) => ReactNode;
  minWidth: number;
  importing: boolean;
  /** Shown beside the buttons while the import runs. */
  progress?: ReactNode;
  onImport: (rows: readonly Row[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const bad = rows.filter((row) => row.errors.length > 0);
  const shown = bad.length > 0 ? bad : rows.slice(0, previewRows);
  return (
    <Card as="section" aria-labelledby={titleId}>
      <Stack $gap={4}>
        <h2 id={titleId}>{title}</h2>
        <p role={bad.length > 0 ? 'alert' : 'status'}>
          {bad.length > 0
            ? t('csvImport.hasErrors', { count: bad.length, total: rows.length })
            : ready}
        </p>
        <DataTable
          caption={
            bad.length > 0
              ? t('csvImport.badRows')
              : t('csvImport.firstRows', { count: shown.length })
          }
          align="top"
          minWidth={minWidth}
        >
          <thead>
            <tr>
              <th scope="col">{t('csvImport.line')}</th>
              {columns}
              {bad.length > 0 ? <th scope="col">{t('csvImport.problem')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.line}>
                <th scope="row">{row.line}</th>
                {cells(row)}
                {bad.length > 0 ? <Problem>{row.errors.join('; ')}</Problem> : null}
              </tr>
            ))}
          </tbody>
        </DataTable>
        <Actions>
          <Button
            type="button"
            disabled={bad.length > 0 || importing}
            onClick={() => onImport(rows)}
          >
            {importing ? <Spinner /> : null}
            {importing ? t('csvImport.importing') : confirmLabel}
          </Button>
          <Button type="button" $variant="ghost" disabled={importing} onClick={onCancel}>
            {t('csvImport.cancel')}
          </Button>
          {importing ? progress : null}
        </Actions>
      </Stack>
    </Card>
  );
}
