import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { widgetChatbotOf, widgetPreviewMessage } from 'shared-sdk';
import { buildChatbot, buildWorkspace } from '@testing/data-generators';
import { fakeApi, notFoundReply } from '@testing/fake-api';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { CustomizePage } from './customize-page';

const workspace = buildWorkspace({ id: 'ws_fernhill', backgroundColor: '#F5E6A8' });
const chatbot = buildChatbot({ id: 'bot_fernhill', name: 'Fernhill assistant' });

async function renderCustomize(reply: Parameters<typeof fakeApi>[0] = notFoundReply) {
  const api = fakeApi(reply);
  connectFakeLiveCollections({ workspaces: [{ ...workspace }], chatbots: [{ ...chatbot }] });
  await signIn();
  const view = renderPage(<CustomizePage />, {
    route: '/dashboard/ws_fernhill/settings/customize',
    path: '/dashboard/:workspaceId/settings/customize',
  });
  const form = await screen.findByRole('form', { name: 'Chatbot' });
  return { ...view, ...api, form };
}

/** The framed window says it listens, as the real one does once loaded. */
function previewReady() {
  const frame = screen.getByTitle<HTMLIFrameElement>('Chat window preview');
  const target = frame.contentWindow!;
  const posted = jest.spyOn(target, 'postMessage').mockImplementation(() => undefined);
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { tag: 'parley-widget', type: 'ready' },
        origin: window.location.origin,
        source: target,
      }),
    );
  });
  return { frame, posted };
}

const previewed = (overrides: Partial<Parameters<typeof widgetPreviewMessage>[0]>) =>
  widgetPreviewMessage({ ...widgetChatbotOf(chatbot, '#F5E6A8'), ...overrides });

// A long form (every setting of the chatbot) typed into key by key: slow in jsdom on a busy machine.
jest.setTimeout(30_000);

afterEach(() => jest.restoreAllMocks());

describe('Customize chatbot', () => {
  it('frames the real chat window in preview mode and sends it the draft as the admin types', async () => {
    const { form, user } = await renderCustomize();
    const { frame, posted } = previewReady();
    expect(frame).toHaveAttribute(
      'src',
      `/widget/window.html?preview=1&parentOrigin=${encodeURIComponent(window.location.origin)}`,
    );
    expect(posted).toHaveBeenLastCalledWith(previewed({}), window.location.origin);

    const name = within(form).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Spoke');
    expect(posted).toHaveBeenLastCalledWith(previewed({ name: 'Spoke' }), window.location.origin);
    const hex = within(form).getByLabelText(/^Message colour/);
    await user.clear(hex);
    // Half typed, the preview keeps the last whole colour.
    await user.type(hex, '#0B6');
    expect(posted).toHaveBeenLastCalledWith(previewed({ name: 'Spoke' }), window.location.origin);
    await user.type(hex, 'E4F');
    expect(posted).toHaveBeenLastCalledWith(
      previewed({ name: 'Spoke', messageBackgroundColor: '#0B6E4F' }),
      window.location.origin,
    );
    // The colour picker writes the same field.
    fireEvent.input(within(form).getByLabelText('Pick the message colour'), {
      target: { value: '#ffd23f' },
    });
    expect(hex).toHaveValue('#ffd23f');
  });

  it('warns when the message colour fails WCAG AA with its text', async () => {
    const { form, user } = await renderCustomize();
    const hex = within(form).getByLabelText(/^Message colour/);
    expect(screen.queryByText(/Hard to read/)).not.toBeInTheDocument();
    await user.clear(hex);
    await user.type(hex, '#777777');
    expect(screen.getByText(/Hard to read/)).toHaveTextContent('a contrast of 4.47:1');
    expect(hex).toHaveAccessibleDescription(/Hard to read/);
    await user.clear(hex);
    await user.type(hex, '#0B6E4F');
    expect(screen.queryByText(/Hard to read/)).not.toBeInTheDocument();
  });

  it('refuses what the API would, with the reason beside each field, and sends nothing', async () => {
    const { form, user, requests } = await renderCustomize();
    await user.clear(within(form).getByLabelText(/^Name/));
    const hex = within(form).getByLabelText(/^Message colour/);
    await user.clear(hex);
    await user.type(hex, 'green');
    const timeout = within(form).getByLabelText(/^Idle timeout/);
    await user.clear(timeout);
    await user.type(timeout, '2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByLabelText(/^Name/)).toHaveAccessibleDescription(
      /Please name the chatbot/,
    );
    expect(hex).toHaveAccessibleDescription(/six hex digits/);
    expect(timeout).toHaveAccessibleDescription(/from 5 to 1440 \(24 hours\)/);
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);
  });

  it('saves every setting in one call', async () => {
    const { form, user, requests } = await renderCustomize((request) =>
      request.method === 'PATCH'
        ? { status: 200, body: { ...chatbot, ...(request.body as object) } }
        : notFoundReply(request),
    );
    const name = within(form).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Spoke');
    await user.type(within(form).getByLabelText(/^Description/), 'Answers about bikes');
    const timeout = within(form).getByLabelText(/^Idle timeout/);
    await user.clear(timeout);
    await user.type(timeout, '45');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Chatbot saved: open chat windows show it now'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.at(-1)).toEqual({
        method: 'PATCH',
        url: '/api/user/chatbots',
        body: {
          workspaceId: 'ws_fernhill',
          chatbotId: 'bot_fernhill',
          name: 'Spoke',
          description: 'Answers about bikes',
          messageBackgroundColor: '#2450E6',
          idleTimeoutInMinutes: 45,
          photoUrl: null,
          greetingMessage: '',
          launcherPosition: 'right',
          launcherLabel: '',
          preChatForm: { name: 'off', email: 'off' },
          businessHours: { enabled: false, timeZone: 'UTC', intervals: [] },
          awayMessage: '',
        },
      }),
    );
  });

  it('previews the greeting, launcher, pre-chat form and business hours as the admin sets them', async () => {
    const { form, user } = await renderCustomize();
    const { posted } = previewReady();
    const lastPreview = () => (posted.mock.lastCall?.[0] as ReturnType<typeof previewed>).chatbot;

    await user.type(
      within(form).getByRole('textbox', { name: /^Greeting/ }),
      'Hi! Looking for a bike?',
    );
    expect(lastPreview().greetingMessage).toBe('Hi! Looking for a bike?');
    // The pill is the radio's label (the radio itself is hidden under it).
    await user.click(within(form).getByText('Bottom left'));
    await user.type(within(form).getByLabelText(/^Launcher label/), 'Chat with us');
    await user.selectOptions(within(form).getByLabelText('Ask for the e-mail address'), 'required');
    await user.click(within(form).getByRole('checkbox', { name: 'Use business hours' }));
    await user.selectOptions(within(form).getByLabelText('Time zone'), 'Europe/Paris');
    await user.click(within(form).getByRole('checkbox', { name: 'Monday' }));
    await user.type(within(form).getByLabelText(/^Away message/), 'Back on Monday.');
    expect(posted).toHaveBeenLastCalledWith(
      previewed({
        greetingMessage: 'Hi! Looking for a bike?',
        launcherPosition: 'left',
        launcherLabel: 'Chat with us',
        preChatForm: { name: 'off', email: 'required' },
        businessHours: {
          enabled: true,
          timeZone: 'Europe/Paris',
          intervals: [{ day: 'mon', start: '09:00', end: '17:00' }],
        },
        awayMessage: 'Back on Monday.',
      }),
      window.location.origin,
    );

    // Hours that do not make sense keep the last that did in the preview.
    fireEvent.change(within(form).getByLabelText('Monday closes'), { target: { value: '08:00' } });
    expect(lastPreview().businessHours.intervals).toEqual([
      { day: 'mon', start: '09:00', end: '17:00' },
    ]);
  });

  it('saves the greeting, launcher, pre-chat form and business hours with the rest', async () => {
    const { form, user, requests } = await renderCustomize((request) =>
      request.method === 'PATCH'
        ? { status: 200, body: { ...chatbot, ...(request.body as object) } }
        : notFoundReply(request),
    );
    await user.type(within(form).getByRole('textbox', { name: /^Greeting/ }), 'Hello!');
    // The pill is the radio's label (the radio itself is hidden under it).
    await user.click(within(form).getByText('Bottom left'));
    await user.type(within(form).getByLabelText(/^Launcher label/), 'Chat with us');
    await user.selectOptions(within(form).getByLabelText('Ask for the name'), 'optional');
    await user.selectOptions(within(form).getByLabelText('Ask for the e-mail address'), 'required');
    await user.click(within(form).getByRole('checkbox', { name: 'Use business hours' }));
    await user.selectOptions(within(form).getByLabelText('Time zone'), 'America/New_York');
    await user.click(within(form).getByRole('checkbox', { name: 'Saturday' }));
    fireEvent.change(within(form).getByLabelText('Saturday opens'), { target: { value: '10:00' } });
    fireEvent.change(within(form).getByLabelText('Saturday closes'), {
      target: { value: '14:30' },
    });
    await user.type(within(form).getByLabelText(/^Away message/), 'Back soon.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Chatbot saved: open chat windows show it now'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.at(-1)?.body).toMatchObject({
        greetingMessage: 'Hello!',
        launcherPosition: 'left',
        launcherLabel: 'Chat with us',
        preChatForm: { name: 'optional', email: 'required' },
        businessHours: {
          enabled: true,
          timeZone: 'America/New_York',
          intervals: [{ day: 'sat', start: '10:00', end: '14:30' }],
        },
        awayMessage: 'Back soon.',
      }),
    );
  });

  it('says beside the day when it closes before it opens, and sends nothing', async () => {
    const { form, user, requests } = await renderCustomize();
    await user.click(within(form).getByRole('checkbox', { name: 'Tuesday' }));
    const closes = within(form).getByLabelText('Tuesday closes');
    fireEvent.change(closes, { target: { value: '08:30' } });
    await user.type(within(form).getByLabelText(/^Launcher label/), 'x'.repeat(40));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(closes).toHaveAccessibleDescription('The closing time must be after the opening time');
    expect(closes).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);
  });
});
