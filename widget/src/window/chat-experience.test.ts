import { screen, waitFor, within } from '@testing-library/dom';
import type { WidgetChatbot } from 'shared-sdk/schemas';
import { errorReply, type SentRequest } from './testing/fake-network';
import { chatbot, conversation, message, session, visitor, workspaceId } from './testing/fixtures';
import {
  defaultHandler,
  items,
  startWindow,
  textBox,
  type Handler,
} from './testing/window-harness';

/** A new visitor of a chatbot with these settings (the rest as the default handler answers). */
const withChatbot =
  (settings: Partial<WidgetChatbot>, sessionOverrides = {}): Handler =>
  (request) =>
    request.url === '/api/widget/sessions'
      ? { status: 200, body: session({ chatbot: chatbot(settings), ...sessionOverrides }) }
      : defaultHandler(request);

const open = async () => screen.findByRole('heading', { name: 'Acme assistant' });
const prechat = () => screen.queryByRole('form', { name: 'Before we start' });

/** Paris business hours, Monday to Friday 09:00–17:00, with an away message. */
const parisHours: Partial<WidgetChatbot> = {
  businessHours: {
    enabled: true,
    timeZone: 'Europe/Paris',
    intervals: ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({
      day: day as 'mon',
      start: '09:00',
      end: '17:00',
    })),
  },
  awayMessage: 'We answer weekdays from 9:00 to 17:00, Paris time.',
};

beforeEach(() => localStorage.clear());

describe('the greeting', () => {
  it('opens a new chat as the bot’s first message, without storing anything', async () => {
    const { requests } = startWindow(withChatbot({ greetingMessage: 'Hi! Looking for a bike?' }));
    await open();
    expect(items()).toHaveLength(1);
    expect(items()[0]).toHaveTextContent('Acme assistant (bot)');
    expect(items()[0]).toHaveTextContent('Hi! Looking for a bike?');
    expect(screen.queryByText('Ask us anything: we answer right away.')).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual(['/api/widget/sessions']);
  });

  it('is not added to a conversation already under way (the server stored it there)', async () => {
    const stored = message({ role: 'bot', senderId: 'bot-1', content: 'Hi! Looking for a bike?' });
    startWindow((request) => {
      if (request.url === '/api/widget/sessions') {
        return {
          status: 200,
          body: session({
            chatbot: chatbot({ greetingMessage: 'Hi! Looking for a bike?' }),
            conversation: conversation(),
          }),
        };
      }
      if (request.url === '/api/widget/messages') {
        return { status: 200, body: { conversation: conversation(), messages: [stored] } };
      }
      return errorReply(404, 'not-found', 'none');
    });
    await open();
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.getAllByText('Hi! Looking for a bike?')).toHaveLength(1);
  });

  it('stays away when the chatbot has none', async () => {
    startWindow();
    await open();
    expect(items()).toHaveLength(0);
    expect(screen.getByText('Ask us anything: we answer right away.')).toBeInTheDocument();
  });
});

describe('the pre-chat form', () => {
  const answered = (request: SentRequest) => {
    const { name = '', email = '' } = request.body as { name?: string; email?: string };
    return {
      status: 200,
      body: visitor({ firstName: name, email: email || null, preChatAnswered: true }),
    };
  };
  const emailRequired: Handler = (request) =>
    request.url === '/api/widget/pre-chat'
      ? answered(request)
      : withChatbot({ preChatForm: { name: 'optional', email: 'required' } })(request);

  it('asks before the first message, checks the required e-mail, then lets the visitor write', async () => {
    const { requests, user } = startWindow(emailRequired);
    await open();
    const form = await screen.findByRole('form', { name: 'Before we start' });
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    const name = within(form).getByRole('textbox', { name: 'Name (optional)' });
    const email = within(form).getByRole('textbox', { name: 'E-mail' });
    expect(email).toBeRequired();
    expect(name).not.toBeRequired();

    await user.click(within(form).getByRole('button', { name: 'Start the chat' }));
    expect(email).toHaveAccessibleDescription('Please enter your e-mail address.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    await user.type(email, 'ada-at-example');
    expect(email).toHaveAccessibleDescription(/valid e-mail address/);
    await user.click(within(form).getByRole('button', { name: 'Start the chat' }));
    expect(requests.filter((request) => request.url === '/api/widget/pre-chat')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'ada@customer.example');
    expect(email).not.toHaveAttribute('aria-invalid');
    // The optional name may stay blank.
    await user.click(within(form).getByRole('button', { name: 'Start the chat' }));
    await waitFor(() => expect(prechat()).not.toBeInTheDocument());
    expect(requests.find((request) => request.url === '/api/widget/pre-chat')).toMatchObject({
      method: 'POST',
      authorization: 'Bearer pv_new',
      body: { name: '', email: 'ada@customer.example' },
    });
    expect(textBox()).toHaveFocus();
    await user.type(textBox(), 'Do you fix brakes?{Enter}');
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({
        url: '/api/widget/messages',
        body: { content: 'Do you fix brakes?' },
      }),
    );
  });

  it('sends the name too when it is asked, and shows what the server refused', async () => {
    const { requests, user } = startWindow((request) =>
      request.url === '/api/widget/pre-chat'
        ? errorReply(400, 'invalid-argument', 'body.name: Please enter your name')
        : withChatbot({ preChatForm: { name: 'required', email: 'off' } })(request),
    );
    await open();
    const form = await screen.findByRole('form', { name: 'Before we start' });
    expect(within(form).queryByRole('textbox', { name: /E-mail/ })).not.toBeInTheDocument();
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.click(within(form).getByRole('button', { name: 'Start the chat' }));
    expect(name).toHaveAccessibleDescription('Please enter your name.');
    await user.type(name, 'Ada Lovelace');
    await user.click(within(form).getByRole('button', { name: 'Start the chat' }));
    // The server's sentence, without the field path meant for forms.
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please enter your name/);
    expect(requests.at(-1)).toMatchObject({ body: { name: 'Ada Lovelace' } });
    expect(prechat()).toBeInTheDocument();
  });

  it('does not ask a returning visitor who answered', async () => {
    startWindow(
      withChatbot(
        { preChatForm: { name: 'optional', email: 'required' } },
        { visitor: visitor({ email: 'ada@customer.example', preChatAnswered: true }) },
      ),
    );
    await open();
    expect(prechat()).not.toBeInTheDocument();
    expect(textBox()).toBeVisible();
  });

  it('asks again when a question the visitor skipped has since become required', async () => {
    startWindow(
      withChatbot(
        { preChatForm: { name: 'off', email: 'required' } },
        { visitor: visitor({ preChatAnswered: true }) },
      ),
    );
    await open();
    expect(await screen.findByRole('form', { name: 'Before we start' })).toBeVisible();
  });

  it('is not shown when the form is off', async () => {
    startWindow();
    await open();
    expect(prechat()).not.toBeInTheDocument();
  });
});

describe('business hours', () => {
  // Sunday 2025-06-01 12:00 in Paris (10:00 UTC), and Monday 2025-06-02 10:00 in Paris.
  const sunday = () => new Date('2025-06-01T10:00:00Z');
  const mondayMorning = () => new Date('2025-06-02T08:00:00Z');
  const query = `?workspaceId=${workspaceId}`;

  it('shows the away message outside them (the bot still answers: the composer stays)', async () => {
    startWindow(withChatbot(parisHours), query, sunday);
    await open();
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent("We're away right now.");
    expect(note).toHaveTextContent('We answer weekdays from 9:00 to 17:00, Paris time.');
    expect(textBox()).toBeVisible();
  });

  it('says the team is away in its own words when the admin wrote none', async () => {
    startWindow(withChatbot({ ...parisHours, awayMessage: '' }), query, sunday);
    await open();
    expect(await screen.findByRole('note')).toHaveTextContent(
      "Leave a message: our team will reply here when they're back.",
    );
  });

  it('shows nothing inside them, nor when they are off', async () => {
    startWindow(withChatbot(parisHours), query, mondayMorning);
    await open();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();

    document.body.replaceChildren();
    startWindow(
      withChatbot({
        ...parisHours,
        businessHours: { ...parisHours.businessHours!, enabled: false },
      }),
      query,
      sunday,
    );
    await open();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
