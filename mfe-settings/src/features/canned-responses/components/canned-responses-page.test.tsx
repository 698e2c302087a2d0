import { screen, waitFor, within } from '@testing-library/react';
import { buildCannedResponse } from '@testing/data-generators';
import { errorReply, fakeApi, notFoundReply, type FakeRequest } from '@testing/fake-api';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { CannedResponsesPage } from './canned-responses-page';

const shipping = buildCannedResponse();

async function renderRepliesPage(
  answer: (request: FakeRequest) => ReturnType<typeof notFoundReply> = notFoundReply,
) {
  const api = fakeApi(answer);
  await signIn();
  const live = connectFakeLiveCollections({ canned_responses: [shipping] });
  const view = renderPage(<CannedResponsesPage />, {
    route: '/dashboard/ws_fernhill/settings/canned-responses',
    path: '/dashboard/:workspaceId/settings/canned-responses',
  });
  return { ...view, live, requests: api.requests };
}

const listed = () =>
  within(screen.getByRole('list', { name: /saved repl/ }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('Saved replies (settings)', () => {
  it('lists the saved replies live and adds one with the API’s own checks', async () => {
    const { user, live, requests } = await renderRepliesPage((request) => {
      if (request.method !== 'POST') return notFoundReply(request);
      const created = buildCannedResponse({
        id: 'cr_refund',
        ...(request.body as { shortcut: string; content: string }),
      });
      void live.commit((data) => data.canned_responses!.push(created));
      return { status: 201, body: created };
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved replies' })).toBeVisible();
    await waitFor(() => expect(listed()).toEqual(['/shipping']));
    expect(screen.getByText('Orders ship within two working days.')).toBeInTheDocument();
    expect(document.title).toBe('Saved replies · Parley');

    // The shortcut's rule, before anything is sent.
    await user.type(screen.getByLabelText('Shortcut'), 'money back');
    await user.click(screen.getByRole('button', { name: 'Add saved reply' }));
    expect(
      await screen.findByText('Shortcuts use letters, digits, - and _ only (no spaces)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please write the reply')).toBeInTheDocument();
    expect(requests).toEqual([]);

    await user.clear(screen.getByLabelText('Shortcut'));
    await user.type(screen.getByLabelText('Shortcut'), 'Refund');
    await user.type(screen.getByLabelText('Reply'), 'Refunds take 5 days.');
    await user.click(screen.getByRole('button', { name: 'Add saved reply' }));

    expect(await screen.findByText('Saved reply /refund added.')).toBeInTheDocument();
    expect(requests.map((request) => request.body)).toEqual([
      { workspaceId: 'ws_fernhill', shortcut: 'refund', content: 'Refunds take 5 days.' },
    ]);
    await waitFor(() => expect(listed()).toEqual(['/refund', '/shipping']));
    expect(screen.getByLabelText('Shortcut')).toHaveValue('');
  });

  it('says beside the field that a shortcut is taken', async () => {
    const { user } = await renderRepliesPage(() =>
      errorReply(400, 'invalid-argument', 'The shortcut /shipping is already taken'),
    );
    await user.type(await screen.findByLabelText('Shortcut'), 'shipping');
    await user.type(screen.getByLabelText('Reply'), 'Again.');
    await user.click(screen.getByRole('button', { name: 'Add saved reply' }));
    expect(await screen.findByText('The shortcut /shipping is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Shortcut')).toHaveFocus();
  });

  it('changes a reply and deletes one after confirmation', async () => {
    const { user, live, requests } = await renderRepliesPage((request) => {
      if (request.method === 'PATCH') {
        const { content } = request.body as { content: string };
        const changed = { ...shipping, content };
        void live.commit((data) => {
          data.canned_responses = [changed];
        });
        return { status: 200, body: changed };
      }
      if (request.method === 'DELETE') {
        void live.commit((data) => {
          data.canned_responses = [];
        });
        return { status: 204 };
      }
      return notFoundReply(request);
    });
    await user.click(await screen.findByRole('button', { name: 'Edit /shipping' }));
    const form = screen.getByRole('form', { name: 'Edit /shipping' });
    const reply = within(form).getByLabelText('Reply');
    await user.clear(reply);
    await user.type(reply, 'Orders ship the same day.');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Orders ship the same day.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit /shipping' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete /shipping' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the saved reply /shipping?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete saved reply' }));
    expect(await screen.findByText(/No saved replies yet/)).toBeInTheDocument();
    expect(requests.map(({ method, body }) => ({ method, body }))).toEqual([
      {
        method: 'PATCH',
        body: {
          workspaceId: 'ws_fernhill',
          cannedResponseId: 'cr_shipping',
          shortcut: 'shipping',
          content: 'Orders ship the same day.',
        },
      },
      { method: 'DELETE', body: { workspaceId: 'ws_fernhill', cannedResponseId: 'cr_shipping' } },
    ]);
  });
});
