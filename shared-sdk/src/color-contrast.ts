// WCAG 2.x contrast, in one place: the chat window picks its text colour with it and the
// dashboard warns with it, so what the admin is told is what customers will see.

export const darkText = '#0B1B3F';
export const lightText = '#FFFFFF';

/** WCAG AA for normal text (1.4.3). */
export const minimumTextContrast = 4.5;

/** #rgb or #rrggbb as its channels (0–255), or null when it is not such a colour. */
function channels(color: string): [number, number, number] | null {
  const hex = color.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex.slice(0, 6);
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
}

/** sRGB channel (0–255) to linear light, as WCAG's relative luminance defines it. */
const linear = (channel: number) => {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};

const luminance = ([red, green, blue]: [number, number, number]) =>
  0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);

const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The WCAG contrast ratio of two colours (1 to 21); NaN when either is not #rgb or #rrggbb. */
export function contrastRatio(foreground: string, background: string): number {
  const a = channels(foreground);
  const b = channels(background);
  return a && b ? ratio(luminance(a), luminance(b)) : NaN;
}

/**
 * The text colour for a message bubble of the chatbot's colour (#rgb or #rrggbb): white or dark
 * navy, whichever contrasts more, so any colour a business picks stays as readable as it can.
 */
export function readableTextColor(background: string): string {
  const own = channels(background);
  if (!own) return lightText;
  return contrastRatio(lightText, background) >= contrastRatio(darkText, background)
    ? lightText
    : darkText;
}
