import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CopilotSuggestions } from 'shared-sdk';
import {
  buildConversation,
  buildCustomer,
  buildMembers,
  buildMessage,
} from '@testing/data-generators';
import { fakeApi, notFoundReply, type FakeReply } from '@testing/fake-api';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { ChatTakeoverPage } from '../components/chat-takeover-page';

// The copilot beside the reply box: suggested answers from the training, inserted for the agent
// to edit, asked again when the customer writes.
jest.setTimeout(15_000);

const maya = buildConversation({ id: 'cnv_maya', agentIds: ['usr_ada'] });
const question = buildMessage({
  id: 'msg_1',
  content: 'How long does shipping take?',
  timestamp: '2025-03-01T09:05:00.000Z',
});

const shipping: CopilotSuggestions = {
  question: 'How long does shipping take?',
  messageId: 'msg_1',
  suggestions: [
    {
      kind: 'qna',
      id: 'qna_shipping',
      label: 'How long does shipping take?',
      url: null,
      text: 'Orders arrive within 2 to 4 working days.',
      confidence: 0.86,
      level: 'high',
    },
    {
      kind: 'webpage',
      id: 'web_1:https://shop.example/delivery',
      label: 'Delivery',
      url: 'https://shop.example/delivery',
      text: 'We ship with PostNL from our warehouse in Utrecht.',
      confidence: 0.52,
      level: 'medium',
    },
  ],
  languageModel: false,
};
const returns: CopilotSuggestions = {
  question: 'And how do I return it?',
  messageId: 'msg_2',
  suggestions: [
    {
      kind: 'qna',
      id: 'qna_returns',
      label: 'How do I return an item?',
      url: null,
      text: 'Start a return under My orders within 30 days.',
      confidence: 0.31,
      level: 'low',
    },
  ],
  languageModel: false,
};

async function renderConversation(answers: CopilotSuggestions[]) {
  const pending = [...answers];
  const api = fakeApi((request): FakeReply => {
    if (request.url === '/api/user/users?workspaceId=ws_fernhill') {
      return { status: 200, body: buildMembers() };
    }
    if (request.url.startsWith('/api/user/copilot-suggestions?')) {
      return { status: 200, body: pending.length > 1 ? pending.shift() : pending[0] };
    }
    return notFoundReply(request);
  });
  await signIn();
  const live = connectFakeLiveCollections({
    conversations: [maya],
    messages: [question],
    conversation_notes: [],
    customers: [buildCustomer()],
    canned_responses: [],
  });
  renderPage(<ChatTakeoverPage />, {
    route: '/dashboard/ws_fernhill/chat-takeover/cnv_maya',
    path: '/dashboard/:workspaceId/chat-takeover/:conversationId?',
  });
  await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });
  return { live, requests: api.requests };
}

const panel = () => screen.findByRole('region', { name: 'Suggested answers' });
const reply = () => screen.getByLabelText('Your reply') as HTMLTextAreaElement;

describe('Suggested answers', () => {
  it('shows the training that answers the question, with source and confidence', async () => {
    const { requests } = await renderConversation([shipping]);
    const found = within(await panel());
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        url: '/api/user/copilot-suggestions?workspaceId=ws_fernhill&conversationId=cnv_maya',
      }),
    );
    const items = found.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Q&A pair');
    expect(items[0]).toHaveTextContent('How long does shipping take?');
    expect(items[0]).toHaveTextContent('High match (86%)');
    expect(items[0]).toHaveTextContent('Orders arrive within 2 to 4 working days.');
    expect(items[1]).toHaveTextContent('Web page');
    expect(items[1]).toHaveTextContent('Possible match (52%)');
    expect(within(items[1]!).getByRole('link', { name: /Delivery/ })).toHaveAttribute(
      'href',
      'https://shop.example/delivery',
    );
  });

  it('inserts an answer into the reply to edit, and sends nothing by itself', async () => {
    const user = userEvent.setup();
    const { requests } = await renderConversation([shipping]);
    await panel();
    await user.type(reply(), 'Hi Maya!');
    await user.click(
      screen.getByRole('button', {
        name: 'Insert the answer from How long does shipping take?',
      }),
    );
    expect(reply().value).toBe('Hi Maya!\n\nOrders arrive within 2 to 4 working days.');
    expect(reply()).toHaveFocus();
    expect(
      screen.getByText('Inserted into your reply. Edit it before you send.'),
    ).toBeInTheDocument();
    await user.type(reply(), ' Thanks!');
    expect(reply().value).toBe('Hi Maya!\n\nOrders arrive within 2 to 4 working days. Thanks!');
    expect(requests.filter((request) => request.url === '/api/user/messages')).toEqual([]);
  });

  it('asks again when the customer writes again', async () => {
    const { live, requests } = await renderConversation([shipping, returns]);
    await panel();
    const asked = () =>
      requests.filter((request) => request.url.startsWith('/api/user/copilot-suggestions')).length;
    expect(asked()).toBe(1);
    await act(() =>
      live.commit((data) => {
        data.messages!.push(
          buildMessage({
            id: 'msg_2',
            content: 'And how do I return it?',
            timestamp: '2025-03-01T09:06:00.000Z',
          }),
        );
      }),
    );
    await screen.findByText('And how do I return it?');
    await waitFor(() => expect(asked()).toBe(2));
    const found = within(await panel());
    await waitFor(() => expect(found.getAllByRole('listitem')).toHaveLength(1));
    expect(found.getByRole('listitem')).toHaveTextContent('Weak match (31%)');
    expect(found.getByText('From your AI training, for: “And how do I return it?”')).toBeVisible();
  });

  it('shows nothing when nothing in the training is relevant', async () => {
    const { requests } = await renderConversation([
      {
        question: 'Is the garage free?',
        messageId: 'msg_1',
        suggestions: [],
        languageModel: false,
      },
    ]);
    await waitFor(() =>
      expect(requests.some((request) => request.url.startsWith('/api/user/copilot'))).toBe(true),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Suggested answers' })).toBeNull();
  });

  it('is reached by a shortcut, listed with the others', async () => {
    const user = userEvent.setup();
    await renderConversation([shipping]);
    await panel();
    await user.click(screen.getByText('Keyboard shortcuts'));
    expect(screen.getByText('Go to the suggested answers')).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('a');
    expect(
      screen.getByRole('button', {
        name: 'Insert the answer from How long does shipping take?',
      }),
    ).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(reply().value).toBe('Orders arrive within 2 to 4 working days.');
  });
});
