const darkText = '#0B1B3F';
const lightText = '#FFFFFF';

/** sRGB channel (0–255) to linear light, as WCAG's relative luminance defines it. */
const linear = (channel: number) => {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};

const luminance = (red: number, green: number, blue: number) =>
  0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The text colour for a message bubble of the chatbot's colour (#rgb or #rrggbb): white or dark
 * navy, whichever contrasts more, so any colour a business picks stays readable.
 */
export function readableTextColor(background: string): string {
  const hex = background.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex.slice(0, 6);
  if (!/^[0-9a-f]{6}$/i.test(full)) return lightText;
  const [red, green, blue] = [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [
    number,
    number,
    number,
  ];
  const own = luminance(red, green, blue);
  return contrast(own, 1) >= contrast(own, luminance(11, 27, 63)) ? lightText : darkText;
}
