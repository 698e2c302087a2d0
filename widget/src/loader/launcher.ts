import labels from './en-US.json';

export type LauncherPosition = 'left' | 'right';

/** The chatbot's default message colour, until the window tells the launcher the real one. */
const defaultColor = '#2450E6';
const hexColor = /^#[0-9a-f]{3,8}$/i;

// In a shadow root, so the host page's CSS cannot reach it; `all: initial` stops inheritance.
// On narrow screens the open window takes the whole screen and brings its own close button.
const styles = `
:host{all:initial}
.root{position:fixed;bottom:20px;right:20px;z-index:2147483647;font:16px/1.4 system-ui,sans-serif}
.left{right:auto;left:20px}
.launcher{min-width:56px;height:56px;padding:0 14px;border:0;border-radius:28px;background:var(--parley-color,${defaultColor});color:var(--parley-on-color,#fff);cursor:pointer;box-shadow:0 4px 16px rgba(0,0,0,.25);display:flex;align-items:center;justify-content:center;gap:8px;font:600 15px/1 system-ui,sans-serif}
.label{white-space:nowrap;max-width:240px;overflow:hidden;text-overflow:ellipsis}
.label:empty,.open .label{display:none}
.launcher:focus-visible{outline:3px solid #0B1B3F;outline-offset:3px}
.launcher svg{width:28px;height:28px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.launcher .x,.open .launcher .bubble{display:none}
.open .launcher .x{display:block}
.frame{position:absolute;bottom:72px;right:0;width:370px;height:min(620px,calc(100vh - 110px));border-radius:14px;overflow:hidden;background:#fff;box-shadow:0 8px 32px rgba(0,0,0,.25)}
.left .frame{right:auto;left:0}
.frame[hidden]{display:none}
iframe{display:block;width:100%;height:100%;border:0}
@media (max-width:480px){.frame{position:fixed;inset:0;width:auto;height:auto;border-radius:0}.open .launcher{display:none}}
`;

const icons =
  '<svg class="bubble" viewBox="0 0 24 24" aria-hidden="true"><path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z"/></svg>' +
  '<svg class="x" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18"/></svg>';

export interface Launcher {
  /** The element added to the page (its shadow root holds the rest). */
  host: HTMLElement;
  button: HTMLButtonElement;
  /** Shows the window (the iframe is made on the first call) or hides it. */
  setOpen(open: boolean, frameUrl: () => string): HTMLIFrameElement | null;
  /** The window's frame, made (hidden while closed) if it is not yet. */
  frame(frameUrl: () => string): HTMLIFrameElement;
  /** The chatbot's message colour, and the text colour readable on it. */
  setColor(color: string, textColor?: string): void;
  setPosition(position: LauncherPosition): void;
  /** Shown beside the icon while the window is closed; empty: the icon alone. */
  setLabel(label: string): void;
}

/**
 * The launcher bubble and the box the chat window opens in: a real <button> (Enter and Space work,
 * aria-expanded says whether the window is shown), at once; the iframe only on first open.
 */
export function createLauncher(
  document: Document,
  {
    position,
    onToggle,
    onEscape,
  }: {
    position: LauncherPosition;
    onToggle: () => void;
    onEscape: () => void;
  },
): Launcher {
  // A tag of its own that page rules do not name, its box reset inline (an inline !important
  // beats the page's own !important): only the fixed-position content of the shadow root shows.
  const host = document.createElement('parley-widget');
  host.style.cssText = 'all:initial!important;display:contents!important';
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.innerHTML = `<style>${styles}</style><div class="root ${position}"><div class="frame" id="parley-frame" hidden></div><button class="launcher" type="button" aria-controls="parley-frame" aria-expanded="false">${icons}<span class="label"></span></button></div>`;
  const root = shadow.querySelector('.root') as HTMLElement;
  const box = shadow.querySelector('.frame') as HTMLElement;
  const button = shadow.querySelector('button') as HTMLButtonElement;
  const label = shadow.querySelector('.label') as HTMLElement;
  // The visible label starts the accessible name (WCAG 2.5.3), which still says what it does.
  const openName = () =>
    label.textContent ? `${label.textContent} (${labels.open})` : labels.open;
  button.setAttribute('aria-label', openName());
  button.addEventListener('click', onToggle);
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && button.getAttribute('aria-expanded') === 'true') onEscape();
  });
  let frame: HTMLIFrameElement | null = null;
  const frameOf = (frameUrl: () => string) => {
    if (!frame) {
      frame = document.createElement('iframe');
      frame.title = labels.frameTitle;
      frame.src = frameUrl();
      box.append(frame);
    }
    return frame;
  };

  return {
    host,
    button,
    setOpen(open, frameUrl) {
      if (open) frameOf(frameUrl);
      box.hidden = !open;
      root.classList.toggle('open', open);
      button.setAttribute('aria-expanded', String(open));
      button.setAttribute('aria-label', open ? labels.close : openName());
      return frame;
    },
    frame: frameOf,
    setColor(color, textColor) {
      if (hexColor.test(color)) root.style.setProperty('--parley-color', color);
      if (textColor && hexColor.test(textColor)) {
        root.style.setProperty('--parley-on-color', textColor);
      }
    },
    setPosition(position) {
      root.classList.toggle('left', position === 'left');
      root.classList.toggle('right', position !== 'left');
    },
    setLabel(text) {
      label.textContent = text.trim().slice(0, 40);
      if (button.getAttribute('aria-expanded') !== 'true') {
        button.setAttribute('aria-label', openName());
      }
    },
  };
}
