import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CopilotSuggestions } from 'shared-sdk';
import {
  buildConversation,
  buildCustomer,
  buildMembers,
  buildMessage,
} from '@testing/data-generators';
import { errorReply, fakeApi, notFoundReply, type FakeReply } from '@testing/fake-api';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { ChatTakeoverPage } from '../components/chat-takeover-page';

// The copilot's language-model actions: present only with a model, each showing its progress and
// saying clearly when the model failed.
jest.setTimeout(15_000);

const maya = buildConversation({ id: 'cnv_maya', agentIds: ['usr_ada'] });
const nothingFound = (languageModel: boolean): CopilotSuggestions => ({
  question: 'Can I rent a kayak?',
  messageId: 'msg_1',
  suggestions: [],
  languageModel,
});

async function renderConversation(
  languageModel: boolean,
  answer: (url: string, body: unknown) => FakeReply | undefined = () => undefined,
) {
  const api = fakeApi((request): FakeReply => {
    if (request.url === '/api/user/users?workspaceId=ws_fernhill') {
      return { status: 200, body: buildMembers() };
    }
    if (request.url.startsWith('/api/user/copilot-suggestions?')) {
      return { status: 200, body: nothingFound(languageModel) };
    }
    return answer(request.url, request.body) ?? notFoundReply(request);
  });
  await signIn();
  connectFakeLiveCollections({
    conversations: [maya],
    messages: [buildMessage({ id: 'msg_1', content: 'Can I rent a kayak?' })],
    conversation_notes: [],
    customers: [buildCustomer()],
    canned_responses: [],
  });
  renderPage(<ChatTakeoverPage />, {
    route: '/dashboard/ws_fernhill/chat-takeover/cnv_maya',
    path: '/dashboard/:workspaceId/chat-takeover/:conversationId?',
  });
  await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });
  return api.requests;
}

const reply = () => screen.getByRole('textbox', { name: 'Your reply' }) as HTMLTextAreaElement;

describe('Copilot with a language model', () => {
  it('drafts a reply into the reply box, naming its sources; nothing is sent', async () => {
    const user = userEvent.setup();
    const requests = await renderConversation(true, (url) =>
      url === '/api/user/copilot-draft'
        ? {
            status: 200,
            body: {
              text: 'Yes, kayaks are 30 dollars a day [1].',
              sources: [{ kind: 'qna', id: 'qna_1', label: 'Do you rent out kayaks?', url: null }],
            },
          }
        : undefined,
    );
    const panel = within(await screen.findByRole('region', { name: 'Suggested answers' }));
    await user.click(panel.getByRole('button', { name: 'Draft a reply' }));
    await waitFor(() => expect(reply().value).toBe('Yes, kayaks are 30 dollars a day [1].'));
    expect(panel.getByText('Draft sources: [1] Do you rent out kayaks?')).toBeInTheDocument();
    expect(requests.some((request) => request.url === '/api/user/messages')).toBe(false);
  });

  it('rewrites the reply shorter, and says clearly when the model failed', async () => {
    const user = userEvent.setup();
    let fail = false;
    await renderConversation(true, (url, body) => {
      if (url !== '/api/user/copilot-rewrite') return undefined;
      if (fail) {
        return errorReply(
          503,
          'unavailable',
          'The language model did not answer within 8 seconds. Please try again.',
        );
      }
      expect(body).toMatchObject({ text: 'Well, kayaks, they cost 30 dollars', style: 'shorter' });
      return { status: 200, body: { text: 'Kayaks: 30 dollars.' } };
    });
    const panel = within(await screen.findByRole('region', { name: 'Suggested answers' }));
    await user.type(reply(), 'Well, kayaks, they cost 30 dollars');
    await user.click(panel.getByRole('button', { name: 'Shorter' }));
    await waitFor(() => expect(reply().value).toBe('Kayaks: 30 dollars.'));
    fail = true;
    await user.click(panel.getByRole('button', { name: 'Friendlier' }));
    expect(
      await panel.findByText(
        'The language model did not answer within 8 seconds. Please try again.',
      ),
    ).toBeInTheDocument();
    expect(reply().value).toBe('Kayaks: 30 dollars.');
  });

  it('has none of these buttons without a model', async () => {
    await renderConversation(false);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your reply' })).toBeVisible());
    expect(screen.queryByRole('button', { name: 'Draft a reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Summarize' })).toBeNull();
  });
});
