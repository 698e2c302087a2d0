import { readFileSync } from 'node:fs';
import path from 'node:path';
import escapeHtml from 'escape-html';
import { parseHTML } from 'linkedom';
import { z } from 'zod';

// A public form posted as HTML, without the page's JavaScript (issue 46), is answered with the
// page it was posted from, prerendered at build time: the form replaced by the success text, or
// refilled with what was sent and the fields' errors. The texts are the page's own, in its
// language, written by the prerender step to forms.json beside the pages (scripts/prerender.mjs).

const formAnswerTextsSchema = z.object({
  errorSummary: z.string(),
  fieldMessages: z.record(z.string(), z.string()),
  choices: z.record(z.string(), z.record(z.string(), z.string())),
  success: z.object({
    title: z.string(),
    paragraphs: z.array(z.string()),
    link: z.object({ to: z.string(), text: z.string() }).optional(),
  }),
});
export type FormAnswerTexts = z.infer<typeof formAnswerTextsSchema>;

/** A prerendered page with a form, and the texts its answers are made of. */
export interface FormPage {
  html: string;
  texts: FormAnswerTexts;
}

/** Path → page, for the prerendered pages that have a form; empty without the prerender step. */
export function readFormPages(
  dir: string,
  pages: Map<string, string>,
  readPage: (file: string) => string,
): Map<string, FormPage> {
  let answers: Record<string, unknown>;
  try {
    answers = JSON.parse(readFileSync(path.join(dir, 'forms.json'), 'utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return new Map();
  }
  const formPages = new Map<string, FormPage>();
  for (const [pathname, texts] of Object.entries(answers)) {
    const file = pages.get(pathname);
    if (!file) continue;
    formPages.set(pathname, {
      html: readPage(path.join(dir, file)),
      texts: formAnswerTextsSchema.parse(texts),
    });
  }
  return formPages;
}

export type FormOutcome =
  | { kind: 'sent'; values: Record<string, string>; receiptId: string }
  | { kind: 'invalid'; values: Record<string, string>; fieldErrors: Record<string, string> };

/** `{{name}}` in a text, filled with the named value (unknown names stay as they are). */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

type Doc = ReturnType<typeof parseHTML>['document'];
type Element = ReturnType<Doc['createElement']>;

function element(
  document: Doc,
  tag: string,
  text?: string,
  attributes: Record<string, string> = {},
) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function successPanel(
  document: Doc,
  texts: FormAnswerTexts,
  outcome: FormOutcome & { kind: 'sent' },
) {
  const values: Record<string, string> = { id: outcome.receiptId };
  for (const [name, value] of Object.entries(outcome.values)) {
    values[name] = texts.choices[name]?.[value] ?? value.trim();
  }
  const panel = element(document, 'div', undefined, { role: 'status' });
  panel.append(element(document, 'h2', fill(texts.success.title, values)));
  for (const paragraph of texts.success.paragraphs) {
    panel.append(element(document, 'p', fill(paragraph, values)));
  }
  const { link } = texts.success;
  if (link) {
    const line = element(document, 'p');
    line.append(element(document, 'a', link.text, { href: link.to }));
    panel.append(line);
  }
  return panel;
}

/** The form as sent: each field's value back in place, the invalid ones marked and listed. */
function refill(
  document: Doc,
  form: Element,
  texts: FormAnswerTexts,
  outcome: FormOutcome & { kind: 'invalid' },
) {
  const fields = form.querySelectorAll('input[name], select[name], textarea[name]') as Element[];
  for (const field of fields) {
    const name = field.getAttribute('name') ?? '';
    const value = outcome.values[name] ?? '';
    const tag = field.tagName.toLowerCase();
    // linkedom writes a textarea's text out as it is (raw text); the browser decodes
    // references in it, so escaped, what was typed can never close the element.
    if (tag === 'textarea') field.textContent = escapeHtml(value);
    else if (tag === 'select') {
      for (const option of field.querySelectorAll('option') as Element[]) {
        if (option.getAttribute('value') === value) option.setAttribute('selected', '');
        else option.removeAttribute('selected');
      }
    } else field.setAttribute('value', value);
    if (outcome.fieldErrors[name] !== undefined) field.setAttribute('aria-invalid', 'true');
    else field.removeAttribute('aria-invalid');
  }
  const summary = element(document, 'div', undefined, { role: 'alert' });
  summary.append(element(document, 'p', texts.errorSummary));
  const list = element(document, 'ul');
  for (const [name, message] of Object.entries(outcome.fieldErrors)) {
    const field = form.querySelector(`[name="${name}"]`) as Element | null;
    const id = field?.getAttribute('id');
    const item = element(document, 'li');
    item.append(
      id ? element(document, 'a', message, { href: `#${id}` }) : element(document, 'span', message),
    );
    list.append(item);
  }
  summary.append(list);
  const heading = form.querySelector('h2');
  if (heading) heading.after(summary);
  else form.prepend(summary);
}

/** The page answering a form posted to `action`, or undefined if the page has no such form. */
export function formAnswerPage(
  page: FormPage,
  action: string,
  outcome: FormOutcome,
): string | undefined {
  const { document } = parseHTML(page.html);
  const form = document.querySelector(`form[action="${action}"]`) as Element | null;
  if (!form) return undefined;
  if (outcome.kind === 'sent') form.replaceWith(successPanel(document, page.texts, outcome));
  else refill(document, form, page.texts, outcome);
  // The answer stays plain HTML: the shell, taking over, would render the page afresh and lose
  // it. Its links lead to pages that load the shell again.
  for (const script of document.querySelectorAll('script[data-src]') as Element[]) script.remove();
  return `<!doctype html>${document.documentElement.outerHTML}`;
}
