// A public form posted without the page's JavaScript is answered by the server with the page
// itself (issue 46): the prerender step writes these texts beside the page, in the page's
// language, and the server fills them in. `{{field}}` stands for a submitted value (trimmed),
// `{{id}}` for the receipt's id.
export interface FormAnswerTexts {
  /** Above the refilled form when fields are invalid. */
  errorSummary: string;
  /** The form's own wording for a field's error, where it has one (else the schema's message). */
  fieldMessages: Record<string, string>;
  /** How a chosen option reads inside the success text, per field. */
  choices: Record<string, Record<string, string>>;
  success: {
    title: string;
    paragraphs: string[];
    link?: { to: string; text: string };
  };
}
