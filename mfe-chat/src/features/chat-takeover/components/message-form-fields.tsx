import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import styled from 'styled-components';
import type { MessageSchemas } from '../utils/message-schemas';
import { Button, Muted } from 'shared-ui';
import { TextField } from 'shared-ui/controls';

/** How many fields the agent may add to one message (the composer's limit, not the API's). */
export const maxFormFields = 20;

export interface FormFieldRow {
  /** Stable while the row exists: React's key and the inputs' ids. */
  key: number;
  name: string;
  value: string;
}

export interface FormFieldErrors {
  name?: string;
  value?: string;
}

/** Row key → what is wrong with it. */
export type FormErrors = Partial<Record<number, FormFieldErrors>>;

/**
 * The rows as the message's `form` (names trimmed; rows left blank are skipped), or what is
 * wrong with them: a missing or repeated name, a name or value longer than the schema allows.
 */
export function checkFormRows(
  rows: FormFieldRow[],
  t: TFunction<'conversation'>,
  { messageFormSchema }: Pick<MessageSchemas, 'messageFormSchema'>,
): { form: Record<string, string>; errors: FormErrors; valid: boolean } {
  // product-spec.md §3 message form limits, read from the shared schema so both sides agree.
  const nameSchema = messageFormSchema.keyType;
  const valueSchema = messageFormSchema.valueType;
  const form: Record<string, string> = {};
  const errors: FormErrors = {};
  for (const row of rows) {
    const name = row.name.trim();
    if (name === '' && row.value.trim() === '') continue;
    const rowErrors: FormFieldErrors = {};
    if (name === '') rowErrors.name = t('composer.details.nameMissing');
    else if (!nameSchema.safeParse(name).success) {
      rowErrors.name = t('composer.details.nameTooLong', { max: nameSchema.maxLength });
    } else if (Object.hasOwn(form, name)) {
      rowErrors.name = t('composer.details.nameRepeated', { name });
    }
    if (!valueSchema.safeParse(row.value).success) {
      rowErrors.value = t('composer.details.valueTooLong', { max: valueSchema.maxLength });
    }
    if (rowErrors.name || rowErrors.value) errors[row.key] = rowErrors;
    else form[name] = row.value;
  }
  return { form, errors, valid: Object.keys(errors).length === 0 };
}

/** The ids of a row's inputs (TextField takes no ref: focus moves by id). */
export const formFieldIds = (baseId: string, key: number) => ({
  name: `${baseId}-name-${key}`,
  value: `${baseId}-value-${key}`,
});

const Fieldset = styled.fieldset`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 12px 16px 16px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.md};
  legend {
    padding: 0 4px;
    font-weight: 600;
  }
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 3fr) auto;
  align-items: start;
  gap: 8px;
  > button {
    /* Level with the inputs, under their labels. */
    margin-top: 28px;
  }
  @media (max-width: 560px) {
    grid-template-columns: minmax(0, 1fr) auto;
    > :nth-child(2) {
      grid-row: 2;
    }
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

/**
 * The details the agent adds to a message: rows of field name and value, sent as its `form`
 * (product-spec.md §3 message "optional form"). Each row is a labelled group; removing a row moves the
 * focus to the next one (or to "Add field"); the composer hides the rows once none is left.
 */
export function MessageFormFields({
  id,
  baseId,
  rows,
  errors,
  disabled,
  onChange,
  onAdd,
  onRemove,
}: {
  id: string;
  baseId: string;
  rows: FormFieldRow[];
  errors: FormErrors;
  disabled: boolean;
  onChange: (key: number, change: Partial<Pick<FormFieldRow, 'name' | 'value'>>) => void;
  onAdd: () => void;
  onRemove: (key: number) => void;
}) {
  const { t } = useTranslation('conversation');
  const full = rows.length >= maxFormFields;
  const limitId = `${baseId}-limit`;
  return (
    <Fieldset id={id}>
      <legend>{t('composer.details.title')}</legend>
      {rows.map((row, index) => {
        const ids = formFieldIds(baseId, row.key);
        const label = t('composer.details.field', { number: index + 1 });
        return (
          <Row key={row.key} role="group" aria-label={label}>
            <TextField
              id={ids.name}
              label={t('composer.details.name')}
              value={row.name}
              readOnly={disabled}
              autoComplete="off"
              error={errors[row.key]?.name}
              onChange={(event) => onChange(row.key, { name: event.target.value })}
            />
            <TextField
              id={ids.value}
              label={t('composer.details.value')}
              value={row.value}
              readOnly={disabled}
              autoComplete="off"
              error={errors[row.key]?.value}
              onChange={(event) => onChange(row.key, { value: event.target.value })}
            />
            <Button
              type="button"
              $variant="ghost"
              disabled={disabled}
              aria-label={t('composer.details.remove', { number: index + 1 })}
              onClick={() => onRemove(row.key)}
            >
              {t('composer.details.removeShort')}
            </Button>
          </Row>
        );
      })}
      <Footer>
        <Button
          type="button"
          $variant="secondary"
          disabled={disabled || full}
          aria-describedby={full ? limitId : undefined}
          onClick={onAdd}
        >
          {t('composer.details.add')}
        </Button>
        {full ? (
          <Muted id={limitId}>{t('composer.details.limit', { max: maxFormFields })}</Muted>
        ) : null}
      </Footer>
    </Fieldset>
  );
}
