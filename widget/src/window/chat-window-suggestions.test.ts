import { screen, waitFor, within } from '@testing-library/dom';
import type { Message } from 'shared-sdk/schemas';
import { errorReply, type Reply } from './testing/fake-network';
import { conversation, message, session, workspaceId } from './testing/fixtures';
import { visitorTokenKey } from './visitor-token';
import { startWindow } from './testing/window-harness';

// Issue 15: the bot's "Did you mean…" suggestions in the chat window.

const suggestions = [
  { pairId: 'pair-ship', question: 'How long does standard shipping take?' },
  { pairId: 'pair-canada', question: 'Do you ship to Canada?' },
];

function open(messages: Message[], suggestionReply: Reply = { status: 200, body: {} }) {
  localStorage.clear();
  localStorage.setItem(visitorTokenKey(workspaceId), 'pv_new');
  return startWindow((request) => {
    if (request.url === '/api/widget/sessions') {
      return { status: 200, body: session({ conversation: conversation() }) };
    }
    if (request.url === '/api/widget/messages') {
      return { status: 200, body: { conversation: conversation(), messages } };
    }
    if (request.url === '/api/widget/suggestion') return suggestionReply;
    return errorReply(404, 'not-found', 'none');
  });
}

const asking = (overrides: Partial<Message> = {}) =>
  message({
    role: 'bot',
    senderId: 'bot-1',
    content: 'Did you mean…',
    suggestions,
    suggestionChoice: null,
    ...overrides,
  });

describe('suggestions in the chat window', () => {
  it('offers each suggested question and "None of these" as buttons; a click sends the choice', async () => {
    const question = message({ content: 'how many days does delivery take' });
    const reply = asking();
    const { requests, user } = open([question, reply], {
      status: 200,
      body: { conversation: conversation() },
    });

    const group = await screen.findByRole('group', { name: 'Did you mean…' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['How long does standard shipping take?', 'Do you ship to Canada?', 'None of these']);
    await user.click(within(group).getByRole('button', { name: 'Do you ship to Canada?' }));
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/widget/suggestion',
      authorization: 'Bearer pv_new',
      body: { messageId: reply.id, pairId: 'pair-canada' },
    });
  });

  it('is usable by keyboard: Tab reaches the buttons, Enter chooses "None of these"', async () => {
    const question = message();
    const reply = asking();
    const { requests, user } = open([question, reply], {
      status: 200,
      body: { conversation: conversation({ status: 'pending' }) },
    });
    const none = await screen.findByRole('button', { name: 'None of these' });
    for (let presses = 0; presses < 20 && document.activeElement !== none; presses++)
      await user.tab();
    expect(none).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({
        url: '/api/widget/suggestion',
        body: { messageId: reply.id, pairId: null },
      }),
    );
    // Pending now: the choice is closed, and the window says a person will reply.
    expect(await screen.findByText('A person will reply here soon.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Did you mean…' })).not.toBeInTheDocument();
  });

  it('shows no buttons once a suggestion was chosen, or when a later message followed', async () => {
    open([message(), asking({ suggestionChoice: 'pair-ship' }), message(), asking(), message()]);
    expect(await screen.findAllByText('Did you mean…')).toHaveLength(2);
    expect(screen.queryByRole('group', { name: 'Did you mean…' })).not.toBeInTheDocument();
  });

  it('says so when the choice could not be sent, and lets the customer try again', async () => {
    const question = message();
    const { user } = open(
      [question, asking()],
      errorReply(400, 'invalid-argument', 'These suggestions were answered already'),
    );
    const button = await screen.findByRole('button', {
      name: 'How long does standard shipping take?',
    });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /These suggestions were answered already|Your choice could not be sent/,
    );
    await waitFor(() => expect(button).toBeEnabled());
  });
});
