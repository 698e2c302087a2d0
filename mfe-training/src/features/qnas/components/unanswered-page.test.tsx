import { screen, within } from '@testing-library/react';
import type { UnansweredQuestions } from 'shared-sdk/schemas';
import { errorReply, type FakeRequest } from '@testing/fake-api';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { fakeQnasServer } from '../../../testing/fake-qnas-server';
import { UnansweredPage } from './unanswered-page';

const kayaks = {
  question: 'Do you rent out kayaks?',
  count: 2,
  latestAskedAt: '2026-01-02T10:00:00.000Z',
  questionIds: ['uq_2', 'uq_1'],
  examples: ['Can I hire a kayak for the weekend?'],
};
const zippers = {
  question: 'Do you repair zippers?',
  count: 1,
  latestAskedAt: '2026-01-01T10:00:00.000Z',
  questionIds: ['uq_3'],
  examples: [],
};

function serve(listed: UnansweredQuestions | 'fail') {
  const requests: FakeRequest[] = [];
  fakeQnasServer({
    override: (request) => {
      if (!request.url.startsWith('/api/user/unanswered-questions')) return undefined;
      requests.push(request);
      if (request.url.startsWith('/api/user/unanswered-questions-dismiss')) {
        return { status: 200, body: { dismissed: 1 } };
      }
      if (listed === 'fail') return errorReply(503, 'unavailable', 'Down');
      return { status: 200, body: listed };
    },
  });
  return requests;
}

async function renderUnanswered() {
  await signIn();
  return renderPage(<UnansweredPage />, {
    route: '/dashboard/ws_fernhill/ai-training?tab=unanswered',
    path: '/dashboard/:workspaceId/ai-training',
  });
}

describe('AI training: unanswered questions', () => {
  it('lists the groups with their counts and other wordings; the order is the server’s', async () => {
    const requests = serve({ groups: [kayaks, zippers], truncated: false });
    const { user } = await renderUnanswered();

    const group = await screen.findByRole('article', { name: 'Do you rent out kayaks?' });
    expect(within(group).getByText(/Asked 2 times/)).toBeInTheDocument();
    expect(within(group).getByText('Can I hire a kayak for the weekend?')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(requests[0]!.url).toBe(
      '/api/user/unanswered-questions?workspaceId=ws_fernhill&order=newest&limit=50',
    );

    await user.selectOptions(screen.getByLabelText('Order'), 'Most asked first');
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(requests.at(-1)!.url).toContain('order=count');
  });

  it('opens a new pair prefilled with the group’s question; saved, the group leaves', async () => {
    serve({ groups: [kayaks], truncated: false });
    const { user } = await renderUnanswered();
    await user.click(
      await screen.findByRole('button', { name: 'Answer “Do you rent out kayaks?” with a pair' }),
    );
    const form = screen.getByRole('form', { name: 'New pair' });
    expect(within(form).getByRole('textbox', { name: /^Question/ })).toHaveValue(
      'Do you rent out kayaks?',
    );
    await user.type(within(form).getByRole('textbox', { name: /^Answer/ }), 'Yes, 40 dollars.');
    await user.click(within(form).getByRole('button', { name: 'Save pair' }));
    expect(await screen.findByRole('heading', { name: 'No unanswered questions' })).toBeVisible();
  });

  it('dismisses a group with every question of it', async () => {
    const requests = serve({ groups: [kayaks, zippers], truncated: true });
    const { user } = await renderUnanswered();
    expect(await screen.findByText(/Showing the first 2 groups/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss “Do you rent out kayaks?”' }));
    expect(await screen.findByText('Dismissed: Do you rent out kayaks?')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      body: { workspaceId: 'ws_fernhill', questionIds: ['uq_2', 'uq_1'] },
    });
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says when nothing was handed over, and when the list could not be loaded', async () => {
    serve({ groups: [], truncated: false });
    const { unmount } = await renderUnanswered();
    expect(await screen.findByRole('heading', { name: 'No unanswered questions' })).toBeVisible();
    unmount();
    serve('fail');
    await renderUnanswered();
    expect(
      await screen.findByText('The unanswered questions could not be loaded.'),
    ).toBeInTheDocument();
  });
});
