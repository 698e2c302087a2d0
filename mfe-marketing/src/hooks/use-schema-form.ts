import { useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError } from 'shared-sdk';

/** What the hook needs of a zod schema (shared-sdk's schemas satisfy it). */
export interface FormSchema<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
}

export type SubmitState<R> =
  | { status: 'editing' }
  | { status: 'submitting' }
  | { status: 'failed'; message: string }
  | { status: 'succeeded'; receipt: R };

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The form's fields: every key of what the schema produces. */
type FieldName<T> = Extract<keyof T, string>;

interface SchemaFormOptions<T, R> {
  schema: FormSchema<T>;
  initialValues: Record<FieldName<T>, string>;
  /** Fields sent as absent (not as "") when left blank. */
  optionalFields?: readonly NoInfer<FieldName<T>>[];
  /** Friendlier text than the schema's own for a field, e.g. a select left on its placeholder. */
  fieldMessages?: Partial<Record<NoInfer<FieldName<T>>, string>>;
  /** Shown when the submission fails without a server message (not an ApiError). */
  unexpectedErrorMessage: string;
  send: (data: T) => Promise<R>;
}

/**
 * A form validated by the same zod schema the API uses: one field on blur, all on submit. On
 * failure the values stay as typed and the server's message is kept for an alert.
 */
export function useSchemaForm<T, R>({
  schema,
  initialValues,
  optionalFields = [],
  fieldMessages = {},
  unexpectedErrorMessage,
  send,
}: SchemaFormOptions<T, R>) {
  type K = FieldName<T>;
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [state, setState] = useState<SubmitState<R>>({ status: 'editing' });
  const fieldNames = Object.keys(initialValues) as K[];

  function validate(current: Record<K, string>): {
    data: T | undefined;
    fieldErrors: Partial<Record<K, string>>;
  } {
    const input: Record<string, string | undefined> = {};
    for (const name of fieldNames) {
      const value = current[name];
      input[name] = optionalFields.includes(name) && value.trim() === '' ? undefined : value;
    }
    const result = schema.safeParse(input);
    if (result.success) return { data: result.data, fieldErrors: {} };
    const fieldErrors: Partial<Record<K, string>> = {};
    for (const issue of result.error.issues) {
      const name = issue.path[0] as K;
      if (fieldNames.includes(name) && fieldErrors[name] === undefined) {
        fieldErrors[name] = fieldMessages[name] ?? issue.message;
      }
    }
    return { data: undefined, fieldErrors };
  }

  function showErrorFor(name: K, current: Record<K, string>) {
    const message = validate(current).fieldErrors[name];
    setErrors((previous) => ({ ...previous, [name]: message }));
  }

  function field(name: K) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<FieldElement>) => {
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        // Once a field shows an error, let it clear as soon as the value is fixed.
        if (errors[name]) showErrorFor(name, next);
      },
      onBlur: () => showErrorFor(name, values),
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status === 'submitting') return;
    const form = event.currentTarget;
    const { data, fieldErrors } = validate(values);
    setErrors(fieldErrors);
    if (data === undefined) {
      const firstInvalid = fieldNames.find((name) => fieldErrors[name] !== undefined);
      const element = firstInvalid ? form.elements.namedItem(firstInvalid) : null;
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    setState({ status: 'submitting' });
    try {
      const receipt = await send(data);
      setState({ status: 'succeeded', receipt });
    } catch (error) {
      setState({
        status: 'failed',
        message: error instanceof ApiError ? error.serverMessage : unexpectedErrorMessage,
      });
    }
  }

  return { values, errors, state, field, handleSubmit };
}
