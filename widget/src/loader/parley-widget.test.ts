import { waitFor } from '@testing-library/dom';
import { frameTag, type ReceivedMessage } from '../frame-messages';
import { installParley, readSettings, type Parley } from './parley-widget';

const loaderSrc = 'https://chat.parley.example/widget/loader.js';
const widgetOrigin = 'https://chat.parley.example';
type PageWindow = Window & { Parley?: unknown };
const page = window as PageWindow;

function scriptTag(attributes: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}

function install(attributes: Record<string, string> = { 'data-workspace-id': 'ws-acme' }) {
  const settings = readSettings(
    scriptTag({ src: loaderSrc, ...attributes }),
    'https://shop.example',
  );
  if (!settings) throw new Error('No settings');
  return installParley(page, settings);
}

const launcher = () => {
  const host = document.querySelector('parley-widget');
  const button = host?.shadowRoot?.querySelector('button');
  if (!button) throw new Error('No launcher');
  return button;
};
const frame = () => document.querySelector('parley-widget')?.shadowRoot?.querySelector('iframe');

/**
 * Opens the widget and gives its iframe a real window (jsdom makes none for an iframe inside a
 * shadow root), so that messages can come from it and go to it.
 */
function openWithWindow(parley: Parley): Window {
  parley.open();
  const other = document.createElement('iframe');
  document.body.append(other);
  const frameWindow = other.contentWindow!;
  Object.defineProperty(frame()!, 'contentWindow', { get: () => frameWindow });
  return frameWindow;
}

/** A message from the chat window (or from something pretending to be it). */
function fromWindow(
  data: unknown,
  { origin = widgetOrigin, source = frame()?.contentWindow ?? null } = {},
) {
  page.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

const chatbotMessage = {
  tag: frameTag,
  type: 'chatbot',
  name: 'Acme',
  color: '#2450E6',
  textColor: '#FFFFFF',
  position: 'right',
  label: '',
} as const;

beforeEach(() => {
  document.body.replaceChildren();
  delete page.Parley;
});

describe('readSettings', () => {
  it('reads the workspace, chatbot, locale and position from the script tag', () => {
    const settings = readSettings(
      scriptTag({
        src: loaderSrc,
        'data-workspace-id': ' ws-acme ',
        'data-chatbot-id': 'bot-1',
        'data-locale': 'en-US',
        'data-position': 'left',
      }),
      'https://shop.example',
    );
    expect(settings).toEqual({
      workspaceId: 'ws-acme',
      chatbotId: 'bot-1',
      locale: 'en-US',
      position: 'left',
      windowUrl: new URL('https://chat.parley.example/widget/window.html'),
      pageOrigin: 'https://shop.example',
    });
  });

  it('needs a workspace id, and leaves the side to the chatbot unless the tag pins one', () => {
    expect(readSettings(scriptTag({ src: loaderSrc }), 'https://shop.example')).toBeNull();
    expect(readSettings(null, 'https://shop.example')).toBeNull();
    expect(
      readSettings(
        scriptTag({ src: loaderSrc, 'data-workspace-id': 'ws', 'data-position': 'top' }),
        'https://shop.example',
      )?.position,
    ).toBeUndefined();
  });
});

describe('the launcher and window.Parley', () => {
  it('shows an accessible launcher at once and frames the window only on first open', async () => {
    install({ 'data-workspace-id': 'ws-acme', 'data-chatbot-id': 'bot-1', 'data-locale': 'en-US' });
    expect(launcher()).toHaveAttribute('aria-label', 'Open chat');
    expect(launcher()).toHaveAttribute('aria-expanded', 'false');
    expect(frame()).toBeFalsy();

    launcher().click();
    expect(launcher()).toHaveAttribute('aria-expanded', 'true');
    expect(launcher()).toHaveAttribute('aria-label', 'Close chat');
    const src = new URL(frame()!.src);
    expect(src.origin + src.pathname).toBe('https://chat.parley.example/widget/window.html');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      workspaceId: 'ws-acme',
      chatbotId: 'bot-1',
      locale: 'en-US',
      parentOrigin: 'https://shop.example',
    });
    expect(frame()).toHaveAttribute('title', 'Chat');

    launcher().click();
    expect(launcher()).toHaveAttribute('aria-expanded', 'false');
    expect(frame()!.parentElement).toHaveAttribute('hidden');
  });

  it('opens, closes and toggles from the page, with opened and closed events', () => {
    const parley = install();
    expect(page.Parley).toBe(parley);
    const events: string[] = [];
    const opened = () => events.push('opened');
    parley.on('opened', opened);
    parley.on('closed', () => events.push('closed'));

    parley.open();
    parley.open();
    expect(parley.isOpen()).toBe(true);
    parley.close();
    parley.toggle();
    parley.off('opened', opened);
    parley.toggle();
    parley.toggle();
    expect(events).toEqual(['opened', 'closed', 'opened', 'closed']);
    expect(parley.isOpen()).toBe(true);
  });

  it('runs the calls a snippet queued before the loader, and later pushes at once', () => {
    const opened = jest.fn();
    page.Parley = { q: [['on', 'opened', opened], ['open'], ['nonsense']] };
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    const parley = install();
    expect(opened).toHaveBeenCalledTimes(1);
    expect(parley.isOpen()).toBe(true);
    expect(error).toHaveBeenCalledWith('Parley: unknown method nonsense');

    parley.q.push(['close']);
    expect(parley.isOpen()).toBe(false);
    error.mockRestore();
  });

  it('sends identity and locale to the window once it listens, only to its origin', () => {
    const parley = install();
    parley.identify({ firstName: 'Ada', email: 'ada@example.com' });
    parley.setLocale('en-US');
    const frameWindow = openWithWindow(parley);
    const post = jest.spyOn(frameWindow, 'postMessage').mockImplementation(() => {});

    fromWindow({ tag: frameTag, type: 'ready' });
    expect(post.mock.calls).toEqual([
      [
        {
          tag: frameTag,
          type: 'identify',
          identity: { firstName: 'Ada', email: 'ada@example.com' },
        },
        widgetOrigin,
      ],
      [{ tag: frameTag, type: 'set-locale', locale: 'en-US' }, widgetOrigin],
      [{ tag: frameTag, type: 'visibility', open: true }, widgetOrigin],
    ]);

    post.mockClear();
    parley.identify({ orderId: 'A-1001' });
    expect(post).toHaveBeenCalledWith(
      { tag: frameTag, type: 'identify', identity: { orderId: 'A-1001' } },
      widgetOrigin,
    );
  });

  it('hands messages received to the page, and ignores other origins and windows', () => {
    const parley = install();
    openWithWindow(parley);
    const received: unknown[] = [];
    parley.on('message', (message) => received.push(message));
    const message: ReceivedMessage = {
      id: 'm1',
      conversationId: 'c1',
      role: 'bot',
      content: 'Hello!',
      timestamp: '2025-05-01T10:00:00.000Z',
    };

    fromWindow({ tag: frameTag, type: 'message', message }, { origin: 'https://evil.example' });
    fromWindow({ tag: frameTag, type: 'message', message }, { source: page });
    fromWindow({ tag: frameTag, type: 'message', message }, { source: null });
    fromWindow({ type: 'message', message });
    expect(received).toEqual([]);

    fromWindow({ tag: frameTag, type: 'message', message });
    expect(received).toEqual([message]);
  });

  it("hands why an identify was not verified to the page's error handlers", () => {
    const parley = install();
    openWithWindow(parley);
    const errors: unknown[] = [];
    parley.on('error', (error) => errors.push(error));
    const error = { code: 'identity/invalid-hash', message: 'Not verified: userHash is not…' };
    fromWindow({ tag: frameTag, type: 'error', error }, { origin: 'https://evil.example' });
    fromWindow({ tag: frameTag, type: 'error', error });
    expect(errors).toEqual([error]);
  });

  it('Parley.logout() frames the window, hidden, to end the visitor, and forgets the identity', () => {
    const parley = install();
    parley.identify({ userId: 'u-1', userHash: 'a'.repeat(64) });
    parley.logout();
    // The token lives in the window's storage: the window is framed to end it, not shown.
    expect(frame()).toBeTruthy();
    expect(parley.isOpen()).toBe(false);
    const other = document.createElement('iframe');
    document.body.append(other);
    const frameWindow = other.contentWindow!;
    Object.defineProperty(frame()!, 'contentWindow', { get: () => frameWindow });
    const post = jest.spyOn(frameWindow, 'postMessage');

    fromWindow({ tag: frameTag, type: 'ready' });
    const sent = post.mock.calls.map(([message]) => (message as { type: string }).type);
    expect(sent).toContain('logout');
    expect(sent).not.toContain('identify');

    post.mockClear();
    parley.logout();
    expect(post).toHaveBeenCalledWith({ tag: frameTag, type: 'logout' }, widgetOrigin);
  });

  it('closes when the window asks (its close button, Escape) and gives the focus back', () => {
    const parley: Parley = install();
    const closed = jest.fn();
    parley.on('closed', closed);
    openWithWindow(parley);

    fromWindow({ tag: frameTag, type: 'close' }, { origin: 'https://evil.example' });
    expect(parley.isOpen()).toBe(true);
    fromWindow({ tag: frameTag, type: 'close' });
    expect(parley.isOpen()).toBe(false);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(document.querySelector('parley-widget')!.shadowRoot!.activeElement).toBe(launcher());

    parley.open();
    launcher().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(parley.isOpen()).toBe(false);
  });

  it('takes the chatbot’s colour, and only a colour', () => {
    openWithWindow(install());
    const root = document
      .querySelector('parley-widget')!
      .shadowRoot!.querySelector('.root') as HTMLElement;
    fromWindow({ ...chatbotMessage, color: '#12AB34' });
    expect(root.style.getPropertyValue('--parley-color')).toBe('#12AB34');
    fromWindow({ ...chatbotMessage, color: 'red;background:url(x)' });
    expect(root.style.getPropertyValue('--parley-color')).toBe('#12AB34');
    // An admin saved another colour: the open window says so again.
    fromWindow({ ...chatbotMessage, color: '#0B6E4F' });
    expect(root.style.getPropertyValue('--parley-color')).toBe('#0B6E4F');
  });

  it("places the launcher and the window where the chatbot's settings say, with its label", async () => {
    const fetch = jest.fn(async (_url: URL) => ({
      ok: true,
      json: async () => ({
        name: 'Acme',
        color: '#FFD23F',
        textColor: '#0B1B3F',
        position: 'left',
        label: 'Chat with us',
      }),
    }));
    Object.assign(window, { fetch });
    try {
      install({ 'data-workspace-id': 'ws-acme', 'data-chatbot-id': 'bot-1' });
      const root = () =>
        document.querySelector('parley-widget')!.shadowRoot!.querySelector('.root') as HTMLElement;
      expect(String(fetch.mock.calls[0]![0])).toBe(
        'https://chat.parley.example/api/widget/launcher?workspaceId=ws-acme&chatbotId=bot-1',
      );
      await waitFor(() => expect(root()).toHaveClass('left'));
      expect(launcher()).toHaveTextContent('Chat with us');
      expect(launcher()).toHaveAccessibleName('Chat with us (Open chat)');
      expect(root().style.getPropertyValue('--parley-on-color')).toBe('#0B1B3F');

      // Open, the label gives way to the close icon; an admin's change follows live.
      const parley = page.Parley as Parley;
      openWithWindow(parley);
      expect(launcher()).toHaveAccessibleName('Close chat');
      fromWindow({
        tag: frameTag,
        type: 'chatbot',
        name: 'Acme',
        color: '#0B6E4F',
        textColor: '#FFFFFF',
        position: 'right',
        label: '',
      });
      expect(root()).toHaveClass('right');
      expect(root()).not.toHaveClass('left');
      parley.close();
      expect(launcher()).toHaveAccessibleName('Open chat');
    } finally {
      Object.assign(window, { fetch: undefined });
    }
  });

  it('keeps the side the page pinned with data-position', async () => {
    const fetch = jest.fn(async () => ({
      ok: true,
      json: async () => ({
        name: 'Acme',
        color: '#0B6E4F',
        textColor: '#FFFFFF',
        position: 'left',
        label: '',
      }),
    }));
    Object.assign(window, { fetch });
    try {
      install({ 'data-workspace-id': 'ws-acme', 'data-position': 'right' });
      const root = document.querySelector('parley-widget')!.shadowRoot!.querySelector('.root')!;
      await waitFor(() =>
        expect((root as HTMLElement).style.getPropertyValue('--parley-color')).toBe('#0B6E4F'),
      );
      expect(root).toHaveClass('right');
      expect(root).not.toHaveClass('left');
    } finally {
      Object.assign(window, { fetch: undefined });
    }
  });

  it('keeps working when a page handler throws', () => {
    const parley = install();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = jest.fn();
    parley.on('opened', () => {
      throw new Error('page bug');
    });
    parley.on('opened', after);
    parley.open();
    expect(after).toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('loader.js', () => {
  /** Runs loader.js afresh, as the browser does for each <script> tag. */
  async function runLoader(script: HTMLScriptElement | null) {
    Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
    await jest.isolateModulesAsync(async () => {
      await import('./loader');
    });
  }

  it('installs once from its own script tag, even when the tag is on the page twice', async () => {
    const script = scriptTag({ src: loaderSrc, 'data-workspace-id': 'ws-acme' });
    await runLoader(script);
    const first = page.Parley;
    expect((first as Parley).loaded).toBe(true);
    await runLoader(script);
    expect(page.Parley).toBe(first);
    expect(document.querySelectorAll('parley-widget')).toHaveLength(1);
  });

  it('says what is missing without a workspace id', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await runLoader(scriptTag({ src: loaderSrc }));
    expect(page.Parley).toBeUndefined();
    expect(error).toHaveBeenCalledWith(
      'Parley: the widget script tag needs a data-workspace-id attribute',
    );
    error.mockRestore();
  });
});
