import notFoundImage from './images/not-found.svg';
import forbiddenImage from './images/forbidden.svg';
import serverErrorImage from './images/server-error.svg';

// product-spec.md §2/§8: the error page is keyed by HTTP status; each has a reaction, title, body
// paragraphs, an image and a button back home. Texts live in the shell's i18n namespace.
export const errorPageStatuses = [404, 403, 500, 503] as const;
export type ErrorPageStatus = (typeof errorPageStatuses)[number];

export const errorPageImages: Record<ErrorPageStatus, string> = {
  404: notFoundImage,
  403: forbiddenImage,
  500: serverErrorImage,
  503: serverErrorImage,
};

/** The content to show for any status: its own if we have it, else its class's. */
export function errorPageStatusFor(status: number): ErrorPageStatus {
  if ((errorPageStatuses as readonly number[]).includes(status)) return status as ErrorPageStatus;
  return status >= 500 ? 500 : 404;
}
