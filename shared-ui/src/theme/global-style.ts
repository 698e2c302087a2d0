import { createGlobalStyle } from 'styled-components';
import { colorDeclarations, darkPalette, lightPalette } from './tokens';

// The mode is the data-color-mode attribute on <html>: set before the first paint by the
// prerendered page's head script, kept by ColorModeProvider. Without it, the system's mode.
const light = colorDeclarations(lightPalette);
const dark = colorDeclarations(darkPalette);

export const GlobalStyle = createGlobalStyle`
  :root { ${light} color-scheme: light; }
  @media (prefers-color-scheme: dark) {
    :root:not([data-color-mode]) { ${dark} color-scheme: dark; }
  }
  :root[data-color-mode='dark'] { ${dark} color-scheme: dark; }
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: 16px;
    line-height: 1.6;
    color: ${({ theme }) => theme.colors.textPrimary};
    background: ${({ theme }) => theme.colors.background};
    -webkit-font-smoothing: antialiased;
  }
  h1, h2, h3, h4 { line-height: 1.2; margin: 0 0 0.5em; }
  p { margin: 0 0 1em; }
  a { color: ${({ theme }) => theme.colors.primaryBlue}; }
  img, svg { max-width: 100%; }
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation: none !important; transition: none !important; }
  }
`;
