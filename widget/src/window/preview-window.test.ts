import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { fakeWebSockets } from '@testing/fake-web-socket';
import { widgetPreviewMessage } from 'shared-sdk';
import { frameTag } from '../frame-messages';
import { startChatWindow } from './chat-window';
import { chatbot } from './testing/fixtures';

const dashboardOrigin = 'https://app.parley.example';

/** The window framed by the dashboard's Customize page, in preview mode. */
function startPreview() {
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  const frame = iframe.contentWindow!;
  // jsdom keeps a frame on about:blank: the window's query is given through its location.
  const search = `?preview=1&parentOrigin=${encodeURIComponent(dashboardOrigin)}`;
  const location = { search, href: `http://localhost/widget/window.html${search}` };
  const win = new Proxy(frame, {
    get(target, property) {
      if (property === 'location') return location;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const posted = jest.spyOn(frame.parent, 'postMessage').mockImplementation(() => undefined);
  const root = document.createElement('main');
  document.body.append(root);
  const fetch = jest.fn();
  const live = fakeWebSockets();
  startChatWindow(root, { window: win, fetch, WebSocket: live.WebSocket });
  const fromDashboard = (data: unknown, origin = dashboardOrigin) =>
    frame.dispatchEvent(new MessageEvent('message', { data, origin, source: frame.parent }));
  return { fetch, live, posted, fromDashboard, user: userEvent.setup() };
}

// Built as the dashboard builds it: the two sides of the protocol cannot drift apart.
const preview = (overrides: Partial<ReturnType<typeof chatbot>>) =>
  widgetPreviewMessage(chatbot(overrides));
const chat = () => document.querySelector<HTMLElement>('.chat')!;
const items = () =>
  within(screen.getByRole('log', { name: 'Conversation' })).queryAllByRole('listitem');

afterEach(() => {
  jest.restoreAllMocks();
  document.body.replaceChildren();
});

describe('the chat window in preview mode', () => {
  it('creates no visitor or conversation, and waits for the settings the dashboard sends', async () => {
    const { fetch, live, posted } = startPreview();
    expect(screen.getByText('Loading the chat…')).toBeInTheDocument();
    expect(posted).toHaveBeenCalledWith({ tag: frameTag, type: 'ready' }, dashboardOrigin);
    expect(fetch).not.toHaveBeenCalled();
    expect(live.sockets).toHaveLength(0);
  });

  it('shows sample messages in the draft name, colour and photo, and follows each change', async () => {
    const { fromDashboard, fetch, live } = startPreview();
    fromDashboard(preview({ name: 'Spoke', messageBackgroundColor: '#0B6E4F' }));
    expect(await screen.findByRole('heading', { name: 'Spoke' })).toBeVisible();
    expect(items()).toHaveLength(2);
    expect(items()[0]).toHaveTextContent('Hi! Do you ship to Canada?');
    expect(items()[1]).toHaveTextContent('Spoke (bot)');
    expect(chat().style.getPropertyValue('--parley-color')).toBe('#0B6E4F');
    expect(chat().style.getPropertyValue('--parley-on-color')).toBe('#FFFFFF');

    fromDashboard(
      preview({
        name: 'Wheelie',
        messageBackgroundColor: '#FFD23F',
        photoUrl: '/api/storage/images/chatbots/ws-bot/wheel.webp',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Wheelie' })).toBeVisible();
    expect(items()[1]).toHaveTextContent('Wheelie (bot)');
    expect(chat().style.getPropertyValue('--parley-color')).toBe('#FFD23F');
    expect(chat().style.getPropertyValue('--parley-on-color')).toBe('#0B1B3F');
    expect(document.querySelector('.avatar img')).toHaveAttribute(
      'srcset',
      '/api/storage/images/chatbots/ws-bot/wheel.webp?w=36&dpr=1 1x, /api/storage/images/chatbots/ws-bot/wheel.webp?w=36&dpr=2 2x',
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(live.sockets).toHaveLength(0);
  });

  it('shows the greeting, the pre-chat form and the away message as the admin sets them', async () => {
    const { fromDashboard, fetch, user } = startPreview();
    fromDashboard(preview({ greetingMessage: 'Hi! Looking for a bike?' }));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items()[0]).toHaveTextContent('Hi! Looking for a bike?');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();

    fromDashboard(
      preview({
        greetingMessage: 'Hello there',
        preChatForm: { name: 'off', email: 'required' },
        // Enabled with no opening interval: closed whatever the time.
        businessHours: { enabled: true, timeZone: 'Asia/Tokyo', intervals: [] },
        awayMessage: 'Back on Monday.',
      }),
    );
    expect(await screen.findByRole('note')).toHaveTextContent('Back on Monday.');
    expect(items()[0]).toHaveTextContent('Hello there');
    const form = await screen.findByRole('form', { name: 'Before we start' });
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.click(within(form).getByRole('button', { name: 'Start the chat' }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Before we start' })).not.toBeInTheDocument(),
    );
    expect(fetch).not.toHaveBeenCalled();

    // A time zone half typed in the dashboard is no whole setting: the last one stays.
    fromDashboard(
      widgetPreviewMessage({
        ...chatbot({ awayMessage: 'Half typed' }),
        businessHours: { enabled: true, timeZone: 'Asia/Tok', intervals: [] },
      }),
    );
    expect(screen.getByRole('note')).toHaveTextContent('Back on Monday.');
  });

  it('ignores other origins and settings that are not whole', async () => {
    const { fromDashboard } = startPreview();
    fromDashboard(preview({ name: 'Spoke' }));
    await screen.findByRole('heading', { name: 'Spoke' });
    fromDashboard(preview({ name: 'Planted' }), 'https://evil.example');
    fromDashboard(preview({ name: 'Half typed', messageBackgroundColor: '#0B6' }));
    fromDashboard({ tag: frameTag, type: 'preview', chatbot: { name: 42 } });
    expect(screen.getByRole('heading', { name: 'Spoke' })).toBeVisible();
    expect(chat().style.getPropertyValue('--parley-color')).toBe('#2450E6');
  });

  it('keeps what the admin types in the frame: nothing is sent', async () => {
    const { fromDashboard, fetch, user } = startPreview();
    fromDashboard(preview({}));
    await screen.findByRole('heading', { name: 'Acme assistant' });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Trying it out{Enter}');
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items()[2]).toHaveTextContent('Trying it out');
    expect(fetch).not.toHaveBeenCalled();
  });
});
