import { screen, waitFor, within } from '@testing-library/react';
import { PageError } from 'shared-sdk';
import { readText } from 'shared-ui/controls';
import { errorReply } from '@testing/fake-api';
import { buildQna } from '@testing/data-generators';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { fakeQnasServer } from '../../../testing/fake-qnas-server';
import { QnasPage } from './qnas-page';

const hours = buildQna();
const returns = buildQna({
  id: 'qna_returns',
  question: 'Can I return a bike?',
  answer: 'Yes, within 30 days, unused.',
  topicIds: ['Returns', 'Orders'],
  createdAt: '2025-02-02T12:00:00.000Z',
  updatedAt: '2025-02-02T12:00:00.000Z',
});

async function renderQnas(route = '/dashboard/ws_fernhill/ai-training') {
  await signIn();
  const onError = jest.fn();
  const view = renderPage(<QnasPage />, {
    route,
    path: '/dashboard/:workspaceId/ai-training',
    onError,
  });
  return { ...view, onError };
}

const cards = () => screen.queryAllByRole('article');
const questions = () => cards().map((card) => within(card).getByRole('heading').textContent);

describe('AI training: Q&A pairs', () => {
  it('lists the pairs live, newest first, with their topics and how many there are', async () => {
    fakeQnasServer({ qnas: [returns, hours] });
    await renderQnas();

    expect(await screen.findByText('2 pairs')).toBeInTheDocument();
    expect(questions()).toEqual(['Can I return a bike?', 'When is the shop open?']);
    const topics = within(cards()[0]!).getByRole('list', { name: 'Topics' });
    expect(
      within(topics)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Returns', 'Orders']);
    expect(document.title).toBe('AI training · Parley');
  });

  it('starts empty with a way to add the first pair', async () => {
    fakeQnasServer();
    const { user } = await renderQnas();

    expect(await screen.findByRole('heading', { name: 'No pairs yet' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add a pair' })[1]!);
    expect(screen.getByRole('form', { name: 'New pair' })).toBeInTheDocument();
  });

  it('adds a pair with a new topic and a recent one; the list shows it at once', async () => {
    const { requests } = fakeQnasServer({ qnas: [returns] });
    const { user } = await renderQnas();
    await screen.findByText('1 pair');

    await user.click(screen.getByRole('button', { name: 'Add a pair' }));
    const form = screen.getByRole('form', { name: 'New pair' });
    await user.type(within(form).getByLabelText(/^Question/), 'Do you repair e-bikes?');
    await user.type(within(form).getByLabelText(/^Answer/), 'Yes, every brand.');
    await user.type(within(form).getByLabelText(/^Topics/), 'Repairs');
    await user.click(within(form).getByRole('button', { name: 'Add topic Returns' }));
    expect(within(form).getByLabelText(/^Topics/)).toHaveValue('Repairs, Returns');
    await user.click(within(form).getByRole('button', { name: 'Save pair' }));

    expect(await screen.findByText('Pair added: Do you repair e-bikes?')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/user/ai-training-qnas',
        body: {
          workspaceId: 'ws_fernhill',
          question: 'Do you repair e-bikes?',
          answer: 'Yes, every brand.',
          topicIds: ['Repairs', 'Returns'],
        },
      },
    ]);
    await waitFor(() =>
      expect(questions()).toEqual(['Do you repair e-bikes?', 'Can I return a bike?']),
    );
    expect(screen.getByText('2 pairs')).toBeInTheDocument();
  });

  it('refuses a pair without a question or an answer, as the API would, without sending it', async () => {
    const { requests } = fakeQnasServer();
    const { user } = await renderQnas();
    await screen.findByText('0 pairs');
    await user.click(screen.getAllByRole('button', { name: 'Add a pair' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Save pair' }));

    expect(screen.getByLabelText(/^Question/)).toHaveAccessibleDescription(
      expect.stringContaining('Please enter the question'),
    );
    expect(screen.getByLabelText(/^Question/)).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it('edits a pair in place', async () => {
    const { requests } = fakeQnasServer({ qnas: [hours] });
    const { user } = await renderQnas();
    await user.click(await screen.findByRole('button', { name: 'Edit “When is the shop open?”' }));

    const form = screen.getByRole('form', { name: 'Edit pair' });
    expect(within(form).getByLabelText(/^Topics/)).toHaveValue('Shop');
    const answer = within(form).getByLabelText(/^Answer/);
    await user.clear(answer);
    await user.type(answer, 'Every day, 9 am to 6 pm.');
    await user.click(within(form).getByRole('button', { name: 'Save pair' }));

    expect(await screen.findByText('Pair saved: When is the shop open?')).toBeInTheDocument();
    expect(await screen.findByText('Every day, 9 am to 6 pm.')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      method: 'PATCH',
      body: { qnaId: 'qna_hours', answer: 'Every day, 9 am to 6 pm.', topicIds: ['Shop'] },
    });
  });

  it('deletes a pair only after confirmation, then gives focus to the page heading', async () => {
    const { requests } = fakeQnasServer({ qnas: [returns, hours] });
    const { user } = await renderQnas();
    const remove = await screen.findByRole('button', { name: 'Delete “Can I return a bike?”' });

    await user.click(remove);
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);

    await user.click(remove);
    expect(screen.getByRole('alertdialog', { name: 'Delete this pair?' })).toHaveTextContent(
      'The bot stops answering “Can I return a bike?” at once.',
    );
    await user.click(screen.getByRole('button', { name: 'Delete pair' }));

    expect(await screen.findByText('Pair deleted: Can I return a bike?')).toBeInTheDocument();
    await waitFor(() => expect(questions()).toEqual(['When is the shop open?']));
    expect(screen.getByRole('heading', { level: 1, name: 'AI training' })).toHaveFocus();
  });

  it('keeps the dialog open with the reason when the delete fails', async () => {
    fakeQnasServer({
      qnas: [hours],
      override: (request) =>
        request.method === 'DELETE'
          ? errorReply(403, 'permission-denied', 'Only admins of the workspace can do this')
          : undefined,
    });
    const { user } = await renderQnas();
    await user.click(
      await screen.findByRole('button', { name: 'Delete “When is the shop open?”' }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete pair' }));

    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByText(/permission|admin/i)).toBeInTheDocument();
    expect(questions()).toEqual(['When is the shop open?']);
  });

  it('searches and filters by topic through the URL', async () => {
    fakeQnasServer({ qnas: [returns, hours] });
    const { user } = await renderQnas();
    await screen.findByText('2 pairs');

    await user.type(
      screen.getByRole('searchbox', { name: 'Search questions and answers' }),
      'days',
    );
    expect(questions()).toEqual(['Can I return a bike?']);
    expect(screen.getByText('1 of 2 pairs match')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?q=days');

    await user.selectOptions(screen.getByLabelText('Topic'), 'Shop');
    expect(questions()).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Show all pairs' }));
    expect(questions()).toHaveLength(2);
  });

  it('pages through the pairs, ten to a page', async () => {
    // Question 1 is the newest.
    const many = Array.from({ length: 12 }, (_, index) => {
      const createdAt = new Date(Date.UTC(2025, 1, 1, 12, 59 - index)).toISOString();
      return buildQna({ id: `qna_${index}`, question: `Question ${index + 1}?`, createdAt });
    });
    fakeQnasServer({ qnas: many });
    const { user } = await renderQnas();
    await screen.findByText('12 pairs');
    expect(cards()).toHaveLength(10);

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(questions()).toEqual(['Question 11?', 'Question 12?']);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it.each(['page=0', 'page=1.5', 'page=abc'])(
    '?%s is the 404 page (product-spec.md §5)',
    async (query) => {
      fakeQnasServer();
      const { onError } = await renderQnas(`/dashboard/ws_fernhill/ai-training?${query}`);

      expect(onError).toHaveBeenCalledWith(
        new PageError(404, `Page Not Found: /dashboard/ws_fernhill/ai-training?${query}`),
      );
    },
  );
});

describe('AI training: CSV import and export', () => {
  const csvFile = (text: string) => new File([text], 'pairs.csv', { type: 'text/csv' });

  it('previews a file, shows each bad row with its problem, and imports nothing then', async () => {
    const { requests } = fakeQnasServer({ qnas: [hours] });
    const { user } = await renderQnas();
    await screen.findByText('1 pair');

    await user.upload(
      screen.getByLabelText('Import CSV'),
      csvFile('question,answer,topics\nDo you ship abroad?,Yes.,Delivery\nIs it free?,,\n'),
    );
    // The file is read in the background: the preview follows.
    const preview = await screen.findByRole('region', { name: 'Import from pairs.csv' });
    expect(within(preview).getByRole('alert')).toHaveTextContent(
      '1 of 2 rows has a problem. Fix the file and choose it again',
    );
    const row = within(preview).getByRole('row', { name: /^3 Is it free\?/ });
    expect(row).toHaveTextContent('answer: Please enter the answer');
    expect(within(preview).getByRole('button', { name: 'Import 2 pairs' })).toBeDisabled();

    await user.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Import from pairs.csv' })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('imports every pair of a good file at once; the list and the count follow live', async () => {
    const { requests } = fakeQnasServer({ qnas: [hours] });
    const { user } = await renderQnas();
    await screen.findByText('1 pair');

    await user.upload(
      screen.getByLabelText('Import CSV'),
      csvFile(
        'Question,Answer,Topics\nDo you ship abroad?,Yes.,"Delivery, Orders"\nIs it free?,Over 50 euros.,\n',
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Import 2 pairs' }));

    expect(await screen.findByText('2 pairs imported.')).toBeInTheDocument();
    expect(await screen.findByText('3 pairs')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/user/ai-training-qnas-import',
        body: {
          workspaceId: 'ws_fernhill',
          pairs: [
            { question: 'Do you ship abroad?', answer: 'Yes.', topicIds: ['Delivery', 'Orders'] },
            { question: 'Is it free?', answer: 'Over 50 euros.', topicIds: [] },
          ],
        },
      },
    ]);
  });

  it('says why a file cannot be read at all', async () => {
    fakeQnasServer();
    const { user } = await renderQnas();
    await user.upload(screen.getByLabelText('Import CSV'), csvFile('q,a\nx,y\n'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'pairs.csv needs the columns question and answer (topics is optional); its first line names: q, a.',
    );
  });

  it('exports every pair as a CSV download', async () => {
    fakeQnasServer({ qnas: [returns, hours] });
    const { user } = await renderQnas();
    await screen.findByText('2 pairs');
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:pairs';
      }),
      revokeObjectURL: jest.fn(),
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('2 pairs exported.')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    const csv = await readText(blobs[0]!);
    // Oldest first, quoted where a cell holds a comma.
    expect(csv.split('\r\n')).toEqual([
      'question,answer,topics',
      'When is the shop open?,"Monday to Saturday, 9 am to 6 pm.",Shop',
      'Can I return a bike?,"Yes, within 30 days, unused.","Returns, Orders"',
    ]);
  });
});
