// product-spec.md §1: the product's own colour scheme. Every colour the spec names is a token here;
// light and dark palettes give each token a value that keeps text contrast at WCAG AA.

export interface Palette {
  primaryBlue: string;
  primaryGreen: string;
  secondaryCyan: string;
  secondaryMint: string;
  darkNavy: string;
  lightGrey100: string;
  lightGrey200: string;
  lightGrey300: string;
  red: string;
  yellow: string;
  green: string;
  textPrimary: string;
  textSecondary: string;
  textDisabled: string;
  divider: string;
  stroke: string;
  badgeOpen: string;
  badgeOpenText: string;
  badgeClosed: string;
  badgeClosedText: string;
  /** Page background and raised surfaces. */
  background: string;
  surface: string;
  /** Text on a primary-blue fill. */
  onPrimary: string;
  focusRing: string;
  /** The dimmed page behind a dialog. */
  backdrop: string;
}

export const lightPalette: Palette = {
  primaryBlue: '#2450E6',
  primaryGreen: '#0F8A5F',
  secondaryCyan: '#22C3E6',
  secondaryMint: '#50FFDC',
  darkNavy: '#0B1A33',
  lightGrey100: '#F5F7FA',
  lightGrey200: '#E9EDF2',
  lightGrey300: '#D5DBE3',
  red: '#C62F35',
  yellow: '#B25E00',
  green: '#157F3C',
  textPrimary: '#0B1A33',
  textSecondary: '#4A5568',
  textDisabled: '#8A96A8',
  divider: '#E2E8F0',
  stroke: '#CBD5E1',
  badgeOpen: '#E3F8EE',
  badgeOpenText: '#0F6B45',
  badgeClosed: '#ECEFF3',
  badgeClosedText: '#3F4A5A',
  background: '#FFFFFF',
  surface: '#F5F7FA',
  onPrimary: '#FFFFFF',
  focusRing: '#22C3E6',
  backdrop: '#0B1A3399',
};

export const darkPalette: Palette = {
  primaryBlue: '#8FA8FF',
  primaryGreen: '#4FD6A0',
  secondaryCyan: '#5AD8F2',
  secondaryMint: '#50FFDC',
  darkNavy: '#0B1A33',
  lightGrey100: '#16263F',
  lightGrey200: '#1E3150',
  lightGrey300: '#2C4166',
  red: '#FF8A8F',
  yellow: '#FFC857',
  green: '#5FD98B',
  textPrimary: '#F1F5F9',
  textSecondary: '#B4C0D0',
  textDisabled: '#6B7A90',
  divider: '#22344F',
  stroke: '#3A5070',
  badgeOpen: '#113A2C',
  badgeOpenText: '#7BE8B8',
  badgeClosed: '#26354D',
  badgeClosedText: '#C9D3E0',
  background: '#0B1A33',
  surface: '#12233F',
  onPrimary: '#0B1A33',
  focusRing: '#50FFDC',
  backdrop: '#0B1A3399',
};

// product-spec.md §9: breakpoints in px.
export const breakpoints = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** Media query for "this breakpoint and wider". */
export const up = (bp: Breakpoint) => `@media (min-width: ${breakpoints[bp]}px)`;

// product-spec.md §9: default meta theme colour.
export const metaThemeColor = '#50FFDC';

export const space = (n: number) => `${n * 4}px`;

export const radii = { sm: '6px', md: '10px', lg: '16px', pill: '999px' } as const;

export const fonts = {
  body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
} as const;

export type ColorMode = 'light' | 'dark';
export type ColorModePreference = ColorMode | 'system';

export interface Theme {
  mode: ColorMode;
  /**
   * CSS custom properties (`var(--parley-…)`), the same in both modes: the page's mode picks
   * their values (GlobalStyle), so styles rendered before the mode is known (prerendered pages)
   * are right in either mode, and switching modes restyles nothing.
   */
  colors: Palette;
  /** The mode's actual colours, for what cannot take a CSS variable (a canvas chart). */
  palette: Palette;
  breakpoints: typeof breakpoints;
  radii: typeof radii;
  fonts: typeof fonts;
}

const colorVariable = (name: string) =>
  `--parley-${name.replace(/[A-Z0-9]+/g, (m) => `-${m.toLowerCase()}`)}`;

const paletteVariables = Object.fromEntries(
  Object.keys(lightPalette).map((name) => [name, `var(${colorVariable(name)})`]),
) as unknown as Palette;

/** A palette as CSS custom property declarations, for GlobalStyle. */
export function colorDeclarations(palette: Palette): string {
  return Object.entries(palette)
    .map(([name, value]) => `${colorVariable(name)}: ${value};`)
    .join(' ');
}

export function createTheme(mode: ColorMode): Theme {
  return {
    mode,
    colors: paletteVariables,
    palette: mode === 'dark' ? darkPalette : lightPalette,
    breakpoints,
    radii,
    fonts,
  };
}

// Every styled component of every app sees this theme (tokens.ts is always in the program).
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
