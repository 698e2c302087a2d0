import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useOptionalToast, type Toaster } from 'shared-ui';

/** What the hook needs of a zod schema (shared-sdk's schemas satisfy it). */
export interface FormSchema<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
}

/**
 * A schema, or how to load it: `() => import('shared-sdk/schemas').then((s) => s.someSchema)`.
 * Loaded, zod and the schemas (about 36 KB gzip) are fetched when the user first enters a field or
 * submits, not with the page.
 */
export type FormSchemaSource<T> = FormSchema<T> | (() => Promise<FormSchema<T>>);

export type SubmitState<R> =
  | { status: 'editing' }
  | { status: 'submitting' }
  | { status: 'failed'; message: string; field?: string }
  | { status: 'succeeded'; receipt: R };

/** How a failed submission is told: beside one field (which takes focus), or in an alert. */
export interface SubmitFailure<F extends string> {
  message: string;
  field?: F;
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Values<F extends string> = Record<F, string>;
type FieldErrors<F extends string> = Partial<Record<F, string>>;

interface SchemaFormOptions<T, R, F extends string> {
  schema: FormSchemaSource<T>;
  initialValues: Values<F>;
  /** The schema's input made from the typed text (e.g. blank optional fields as absent). */
  toInput?: (values: Values<NoInfer<F>>) => unknown;
  /** Rules beyond the schema (a password policy, a confirmation that must match); they win. */
  check?: (values: Values<NoInfer<F>>) => FieldErrors<NoInfer<F>>;
  /**
   * The field a schema issue belongs to, for a schema whose shape is not the form's (nested
   * settings edited as flat fields); by default the issue path's first key.
   */
  fieldOfIssue?: (path: readonly PropertyKey[], values: Values<NoInfer<F>>) => F | undefined;
  /** Friendlier text than the schema's own for a field, e.g. a select left on its placeholder. */
  fieldMessages?: FieldErrors<NoInfer<F>>;
  describeFailure: (error: unknown) => SubmitFailure<NoInfer<F>>;
  send: (data: T) => Promise<R>;
  /**
   * Reports the outcome as a toast: this says what succeeded, and a failure not tied to a field
   * is shown as an error toast. Without it the page shows `state` where it chooses.
   */
  reportDone?: (receipt: R, toast: Toaster) => void;
  /** What the fields hold after a successful submission; by default what was typed. */
  valuesAfterSuccess?: (receipt: R, submitted: Values<NoInfer<F>>) => Values<NoInfer<F>>;
}

/**
 * A form validated by the same zod schema the API uses, plus the page's own rules: one field on
 * blur, all on submit. On failure the values stay as typed; a failure tied to a field shows
 * under it and focuses it, any other is kept for an alert.
 */
export function useSchemaForm<T, R, F extends string>({
  schema,
  initialValues,
  toInput = (values) => values,
  check = () => ({}),
  fieldOfIssue = (path) => path[0] as F,
  fieldMessages = {},
  describeFailure,
  send,
  reportDone,
  valuesAfterSuccess = (_receipt, submitted) => submitted,
}: SchemaFormOptions<T, R, F>) {
  const optionalToaster = useOptionalToast();
  const toaster = reportDone ? optionalToaster : null;
  if (reportDone && !toaster) throw new Error('reportDone needs a ToastProvider above the form');
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [state, setState] = useState<SubmitState<R>>({ status: 'editing' });
  const fieldNames = Object.keys(initialValues) as F[];
  const loaded = useRef<FormSchema<T> | undefined>(
    typeof schema === 'function' ? undefined : schema,
  );
  const loading = useRef<Promise<FormSchema<T>> | undefined>(undefined);
  // A submission waiting for the schema: a second one is ignored as during sending.
  const submitting = useRef(false);

  function loadSchema(): Promise<FormSchema<T>> {
    if (loaded.current) return Promise.resolve(loaded.current);
    loading.current ??= (schema as () => Promise<FormSchema<T>>)().then(
      (ready) => (loaded.current = ready),
      (error: unknown) => {
        // A failed load (offline) is tried again at the next field or submission.
        loading.current = undefined;
        throw error;
      },
    );
    return loading.current;
  }

  function validate(
    current: Values<F>,
    formSchema: FormSchema<T>,
  ): { data: T | undefined; fieldErrors: FieldErrors<F> } {
    const fieldErrors: FieldErrors<F> = { ...check(current) };
    const result = formSchema.safeParse(toInput(current));
    if (!result.success) {
      for (const issue of result.error.issues) {
        const name = fieldOfIssue(issue.path, current);
        if (name !== undefined && fieldNames.includes(name) && fieldErrors[name] === undefined) {
          fieldErrors[name] = fieldMessages[name] ?? issue.message;
        }
      }
    }
    const valid = result.success && fieldNames.every((name) => fieldErrors[name] === undefined);
    return { data: valid ? result.data : undefined, fieldErrors };
  }

  /** Changes a field as typing in it does (for controls that fill a field, e.g. a chip). */
  function setValue(name: F, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (state.status === 'succeeded') setState({ status: 'editing' });
    // Errors already shown follow the values as they change (a confirmation field clears
    // when the password it must match is fixed); no new ones appear while typing.
    // Errors are shown only once the schema has been loaded (on blur or submit).
    const shown = fieldNames.filter((other) => errors[other] !== undefined);
    if (shown.length > 0 && loaded.current) {
      const { fieldErrors } = validate(next, loaded.current);
      setErrors(
        Object.fromEntries(shown.map((other) => [other, fieldErrors[other]])) as FieldErrors<F>,
      );
    }
  }

  function field(name: F) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<FieldElement>) => setValue(name, event.target.value),
      onFocus: () => {
        loadSchema().catch(() => undefined);
      },
      onBlur: () => {
        const blurred = values;
        loadSchema().then(
          (ready) => {
            const message = validate(blurred, ready).fieldErrors[name];
            setErrors((previous) => ({ ...previous, [name]: message }));
          },
          // Not loaded: the field is checked on submit, which says why it cannot go.
          () => undefined,
        );
      },
    };
  }

  function focusField(form: HTMLFormElement, name: F | undefined) {
    const element = name ? form.elements.namedItem(name) : null;
    if (element instanceof HTMLElement) element.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status === 'submitting' || submitting.current) return;
    const form = event.currentTarget;
    let ready: FormSchema<T>;
    submitting.current = true;
    try {
      ready = await loadSchema();
    } catch (error) {
      const failure = describeFailure(error);
      setState({ status: 'failed', message: failure.message });
      toaster?.error(failure.message);
      return;
    } finally {
      submitting.current = false;
    }
    const { data, fieldErrors } = validate(values, ready);
    setErrors(fieldErrors);
    if (data === undefined) {
      focusField(
        form,
        fieldNames.find((name) => fieldErrors[name] !== undefined),
      );
      return;
    }
    setState({ status: 'submitting' });
    try {
      const receipt = await send(data);
      setValues(valuesAfterSuccess(receipt, values));
      setState({ status: 'succeeded', receipt });
      if (reportDone && toaster) reportDone(receipt, toaster);
    } catch (error) {
      // A disabled account or an expired session is not handled here: the app's API client
      // signs the user out for every call (product-spec.md §8).
      const failure = describeFailure(error);
      setState({ status: 'failed', message: failure.message, field: failure.field });
      if (failure.field !== undefined) {
        setErrors((previous) => ({ ...previous, [failure.field as F]: failure.message }));
        focusField(form, failure.field);
      } else {
        toaster?.error(failure.message);
      }
    }
  }

  return { values, errors, state, field, setValue, handleSubmit };
}
