import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { BotPreview } from 'shared-sdk/schemas';
import { errorReply, type FakeReply, type FakeRequest } from '@testing/fake-api';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { fakeWebsitesServer } from '../../../testing/fake-websites-server';
import { buildBotPreview, fernhillSite } from '../../../testing/website-data';
import { BotPreviewPage } from './bot-preview-page';

async function renderTry({
  answer,
  override,
}: {
  answer?: (question: string) => BotPreview;
  override?: (request: FakeRequest) => FakeReply | undefined;
} = {}) {
  const server = fakeWebsitesServer({ answer, override });
  await signIn();
  const view = renderPage(<BotPreviewPage />, {
    route: '/dashboard/ws_fernhill/ai-training?tab=try',
    path: '/dashboard/:workspaceId/ai-training',
  });
  return { ...view, server };
}

const questionField = () => screen.getByRole('textbox', { name: /^Question/ });
async function ask(user: UserEvent, question: string) {
  await user.type(questionField(), question);
  await user.click(screen.getByRole('button', { name: 'Ask' }));
  return screen.findByRole('article', { name: question });
}

describe('AI training: try the bot', () => {
  it('shows the answer as a customer would get it, how sure it is, and the page it came from', async () => {
    const { user, server } = await renderTry({
      answer: () =>
        buildBotPreview({
          content: 'We repair every brand of e-bike.\nBook at the shop.',
          confidence: 0.87,
          source: {
            kind: 'webpage',
            id: 'page_repairs',
            label: 'Repairs',
            url: `${fernhillSite}/repairs`,
          },
        }),
    });
    const answer = await ask(user, 'Do you repair e-bikes?');

    expect(server.requests).toEqual([
      {
        method: 'POST',
        url: '/api/user/bot-preview',
        body: { workspaceId: 'ws_fernhill', question: 'Do you repair e-bikes?' },
      },
    ]);
    expect(within(answer).getByText(/We repair every brand of e-bike/)).toHaveTextContent(
      'We repair every brand of e-bike. Book at the shop.',
    );
    expect(within(answer).getByText('87%')).toBeInTheDocument();
    expect(within(answer).getByText(/From page:/)).toBeInTheDocument();
    const link = within(answer).getByRole('link', { name: /^Repairs/ });
    expect(link).toHaveAttribute('href', `${fernhillSite}/repairs`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(answer).queryByText(/hand over/)).not.toBeInTheDocument();
    expect(questionField()).toHaveValue('');
  });

  it('says it would hand over to a person when it is not sure enough, and why', async () => {
    const { user } = await renderTry({
      answer: () =>
        buildBotPreview({
          kind: 'handoff',
          content: 'Let me find a colleague who can help with that.',
          confidence: 0.32,
          handoffReason: 'not-confident',
          source: { kind: 'product', id: 'product_lantern', label: 'Trail lantern', url: null },
        }),
    });
    const answer = await ask(user, 'Can I rent a lantern for a week?');

    expect(answer).toHaveTextContent('It would hand over to a person.');
    expect(answer).toHaveTextContent(
      'Not sure enough: the closest match covers 32% of the question.',
    );
    expect(answer).toHaveTextContent('Closest match');
    expect(answer).toHaveTextContent('From product: Trail lantern');
    expect(
      within(answer).getByText('Let me find a colleague who can help with that.'),
    ).toBeInTheDocument();
  });

  it('shows the questions it would suggest when fairly but not fully sure', async () => {
    const { user } = await renderTry({
      answer: () =>
        buildBotPreview({
          kind: 'suggestions',
          content: 'Did you mean…',
          confidence: 0.5,
          suggestions: ['How long does standard shipping take?', 'Do you ship to Canada?'],
        }),
    });
    const answer = await ask(user, 'how many days does delivery take');
    expect(within(answer).getByText('It would ask which question is meant.')).toBeInTheDocument();
    const list = within(answer).getByRole('list', { name: 'Suggested questions' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['How long does standard shipping take?', 'Do you ship to Canada?']);
    expect(within(answer).getByText('Closest match')).toBeInTheDocument();
  });

  it('says when the customer asked for a person, and when nothing matched', async () => {
    const { user } = await renderTry({
      answer: (question) =>
        question.includes('person')
          ? buildBotPreview({
              kind: 'handoff',
              content: 'Of course, a colleague will answer you here.',
              confidence: null,
              handoffReason: 'asked-for-person',
              source: null,
            })
          : buildBotPreview({
              kind: 'handoff',
              content: 'Let me find a colleague.',
              confidence: null,
              handoffReason: 'not-confident',
              source: null,
            }),
    });
    expect(await ask(user, 'Can I talk to a person?')).toHaveTextContent(
      'The customer asked for a person.',
    );
    const nothing = await ask(user, 'What is the meaning of life?');
    expect(nothing).toHaveTextContent(
      'Not sure enough: nothing it was taught matches the question.',
    );
    expect(nothing).toHaveTextContent('None: nothing matched');
  });

  it('names a Q&A source, and keeps the last five questions, newest first', async () => {
    const { user } = await renderTry({
      answer: (question) =>
        buildBotPreview({
          content: `Answer to ${question}`,
          source: { kind: 'qna', id: 'qna_hours', label: 'When is the shop open?', url: null },
        }),
    });
    const first = await ask(user, 'Question 1');
    expect(first).toHaveTextContent('From Q&A pair: When is the shop open?');
    for (const number of [2, 3, 4, 5, 6]) await ask(user, `Question ${number}`);

    const list = screen.getByRole('region', { name: 'Questions asked' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Question 6', 'Question 5', 'Question 4', 'Question 3', 'Question 2']);

    await user.click(within(list).getByRole('button', { name: 'Clear the list' }));
    expect(screen.queryByRole('region', { name: 'Questions asked' })).not.toBeInTheDocument();
  });

  it('refuses an empty question beside the field, without asking', async () => {
    const { user, server } = await renderTry();
    await user.click(screen.getByRole('button', { name: 'Ask' }));

    expect(questionField()).toHaveAccessibleDescription(
      expect.stringContaining('Please type a question'),
    );
    expect(server.requests).toEqual([]);
  });

  it('says why the bot could not be asked, keeping the question', async () => {
    const { user } = await renderTry({
      override: () =>
        errorReply(403, 'permission-denied', 'Only admins of the workspace can do this'),
    });
    await user.type(questionField(), 'When are you open?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only admins of the workspace can do this',
    );
    expect(questionField()).toHaveValue('When are you open?');
  });
});
