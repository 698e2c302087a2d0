import type { FastifyInstance } from 'fastify';
import { wellFormedText } from 'shared-sdk/schemas';
import type { z } from 'zod';

/** Form posts are small: a few fields, a message of at most a few thousand characters. */
const formBodyLimit = 64 * 1024;

/** Reads `application/x-www-form-urlencoded` bodies (a form posted without JavaScript) as fields. */
export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: formBodyLimit },
    (_request, body, done) => {
      // A repeated name keeps its last value, as a single field would.
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

export type FormParse<T> =
  | { ok: true; values: Record<string, string>; data: T }
  | { ok: false; values: Record<string, string>; fieldErrors: Record<string, string> };

/**
 * The form's fields checked with the JSON call's own schema (and its refusal of ill-formed text).
 * A blank optional field is sent as absent, as the page's script sends it; each invalid field
 * gets its first issue's message, or the form's own wording where `fieldMessages` has one.
 */
export function parseFormBody<S extends z.ZodObject>(
  schema: S,
  body: unknown,
  fieldMessages: Record<string, string> = {},
): FormParse<z.infer<S>> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (name in schema.shape && typeof value === 'string') values[name] = value;
  }
  const input: Record<string, string | undefined> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const value = values[name];
    const blank = value === undefined || value.trim() === '';
    input[name] = blank && field.safeParse(undefined).success ? undefined : (value ?? '');
  }
  const result = wellFormedText(schema).safeParse(input);
  if (result.success) return { ok: true, values, data: result.data as z.infer<S> };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && fieldErrors[name] === undefined) {
      fieldErrors[name] = fieldMessages[name] ?? issue.message;
    }
  }
  return { ok: false, values, fieldErrors };
}
