import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SuggestedPairs } from 'shared-sdk/schemas';
import { errorReply, type FakeRequest } from '@testing/fake-api';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { fakeQnasServer } from '../../../testing/fake-qnas-server';
import { SuggestedPairsPage } from './suggested-pairs-page';

jest.setTimeout(15_000);

const kayaks = {
  question: 'Can I hire a kayak for the weekend?',
  answer: 'Yes, kayak rental is 30 dollars a day.',
  count: 2,
  latestAnsweredAt: '2026-01-02T10:00:00.000Z',
  sourceIds: ['aq_2', 'aq_1'],
  examples: ['Do you rent out kayaks?'],
};
const parking = {
  question: 'Is there parking near the store?',
  answer: 'Yes, the garage on Pearl Street is free.',
  count: 1,
  latestAnsweredAt: '2026-01-01T10:00:00.000Z',
  sourceIds: ['aq_3'],
  examples: [],
};

function serve(listed: SuggestedPairs | 'fail', { acceptFails = false } = {}) {
  const requests: FakeRequest[] = [];
  fakeQnasServer({
    override: (request) => {
      if (!request.url.startsWith('/api/user/suggested-pairs')) return undefined;
      requests.push(request);
      if (request.url === '/api/user/suggested-pairs-dismiss') {
        return { status: 200, body: { dismissed: 1 } };
      }
      if (request.url === '/api/user/suggested-pairs-accept') {
        if (acceptFails) return errorReply(503, 'unavailable', 'Down');
        const body = request.body as { question: string; answer: string };
        return {
          status: 201,
          body: {
            id: 'qna_new',
            workspaceId: 'ws_fernhill',
            topicIds: [],
            question: body.question,
            answer: body.answer,
            createdAt: '2026-01-03T10:00:00.000Z',
            updatedAt: '2026-01-03T10:00:00.000Z',
          },
        };
      }
      if (listed === 'fail') return errorReply(503, 'unavailable', 'Down');
      return { status: 200, body: listed };
    },
  });
  return requests;
}

async function renderSuggested() {
  await signIn();
  return renderPage(<SuggestedPairsPage />, {
    route: '/dashboard/ws_fernhill/ai-training?tab=suggested',
    path: '/dashboard/:workspaceId/ai-training',
  });
}

const suggestion = (name: string) => screen.findByRole('article', { name });

describe('AI training: suggested pairs', () => {
  it('lists each group with its count, other wordings and the proposed pair', async () => {
    const requests = serve({ suggestions: [kayaks, parking], truncated: false });
    await renderSuggested();
    const card = within(await suggestion(kayaks.question));
    expect(card.getByText(/Answered 2 times/)).toBeInTheDocument();
    expect(card.getByText('Do you rent out kayaks?')).toBeInTheDocument();
    expect(card.getByLabelText('Question')).toHaveValue(kayaks.question);
    expect(card.getByLabelText('Answer')).toHaveValue(kayaks.answer);
    expect(within(await suggestion(parking.question)).getByText(/Answered once/)).toBeVisible();
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: '/api/user/suggested-pairs?workspaceId=ws_fernhill&limit=50',
    });
  });

  it('accepts a suggestion as edited, and it leaves the list', async () => {
    const user = userEvent.setup();
    const requests = serve({ suggestions: [kayaks, parking], truncated: false });
    await renderSuggested();
    const card = within(await suggestion(kayaks.question));
    const answer = card.getByLabelText('Answer');
    await user.clear(answer);
    await user.type(answer, 'Yes: 30 dollars a day, 50 for a weekend.');
    await user.click(card.getByRole('button', { name: `Accept “${kayaks.question}” as a pair` }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: kayaks.question })).toBeNull(),
    );
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      url: '/api/user/suggested-pairs-accept',
      body: {
        workspaceId: 'ws_fernhill',
        sourceIds: ['aq_2', 'aq_1'],
        question: kayaks.question,
        answer: 'Yes: 30 dollars a day, 50 for a weekend.',
      },
    });
    expect(await screen.findByText(`Added as a pair: ${kayaks.question}`)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: parking.question })).toBeInTheDocument();
  });

  it('says what is missing and sends nothing when the answer is emptied', async () => {
    const user = userEvent.setup();
    const requests = serve({ suggestions: [kayaks], truncated: false });
    await renderSuggested();
    const card = within(await suggestion(kayaks.question));
    await user.clear(card.getByLabelText('Answer'));
    await user.click(card.getByRole('button', { name: /^Accept/ }));
    expect(await card.findByText('Please enter the answer')).toBeInTheDocument();
    expect(card.getByLabelText('Answer')).toHaveFocus();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('keeps the suggestion and says so when accepting failed', async () => {
    const user = userEvent.setup();
    serve({ suggestions: [kayaks], truncated: false }, { acceptFails: true });
    await renderSuggested();
    const card = within(await suggestion(kayaks.question));
    await user.click(card.getByRole('button', { name: /^Accept/ }));
    expect(await screen.findByText(/could not be added|Down/)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: kayaks.question })).toBeInTheDocument();
  });

  it('dismisses a suggestion', async () => {
    const user = userEvent.setup();
    const requests = serve({ suggestions: [kayaks, parking], truncated: false });
    await renderSuggested();
    const card = within(await suggestion(parking.question));
    await user.click(card.getByRole('button', { name: `Dismiss “${parking.question}”` }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: parking.question })).toBeNull(),
    );
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      url: '/api/user/suggested-pairs-dismiss',
      body: { workspaceId: 'ws_fernhill', sourceIds: ['aq_3'] },
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('says when there is nothing to review, and when the list could not be loaded', async () => {
    serve({ suggestions: [], truncated: false });
    const { unmount } = await renderSuggested();
    expect(await screen.findByText('No suggested pairs')).toBeInTheDocument();
    unmount();
    serve('fail');
    await renderSuggested();
    expect(await screen.findByText('The suggested pairs could not be loaded.')).toBeVisible();
  });
});
