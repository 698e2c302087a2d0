import { screen, waitFor, within } from '@testing-library/react';
import { buildEmailSettings } from '@testing/data-generators';
import { fakeApi, notFoundReply, type FakeReply, type FakeRequest } from '@testing/fake-api';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { EmailPage } from './email-page';

const workspaceId = 'ws_fernhill';

async function renderEmailPage(
  reply: (request: FakeRequest) => FakeReply | undefined = () => undefined,
) {
  const api = fakeApi(
    (request) =>
      reply(request) ??
      (request.url === `/api/user/email-settings?workspaceId=${workspaceId}`
        ? { status: 200, body: buildEmailSettings() }
        : notFoundReply(request)),
  );
  await signIn();
  const view = renderPage(<EmailPage />, {
    route: `/dashboard/${workspaceId}/settings/email`,
    path: '/dashboard/:workspaceId/settings/email',
  });
  return { ...view, ...api };
}

describe('Settings › E-mail', () => {
  it('shows the inbox address to forward to, with a button that copies it', async () => {
    const { user } = await renderEmailPage();
    expect(screen.getByRole('heading', { level: 1, name: 'E-mail' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Inbox address to forward to')).toHaveValue(
      'a1b2c3d4e5f6a7b8@localhost',
    );
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('a1b2c3d4e5f6a7b8@localhost');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('saves the sender, the signature and the bot-first switch', async () => {
    const { user, requests } = await renderEmailPage((request) =>
      request.method === 'PATCH' && request.url === '/api/user/email-settings'
        ? {
            status: 200,
            body: buildEmailSettings({ ...(request.body as object), senderAddress: null }),
          }
        : undefined,
    );
    await user.type(await screen.findByLabelText(/^Sender name/), 'Fernhill support');
    await user.type(screen.getByLabelText(/^Signature/), 'The Fernhill team');
    await user.click(screen.getByLabelText('Let the bot answer e-mail first'));
    await user.click(screen.getByRole('button', { name: 'Save e-mail settings' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
        workspaceId,
        senderName: 'Fernhill support',
        senderAddress: '',
        signature: 'The Fernhill team',
        botAnswersFirst: true,
      }),
    );
    expect(await screen.findByText('E-mail settings saved')).toBeInTheDocument();
  });

  it('sends a test mail and shows that it arrived, with a link to its conversation', async () => {
    const { user } = await renderEmailPage((request) =>
      request.method === 'POST' && request.url === '/api/user/email-test'
        ? { status: 200, body: { arrived: true, conversationId: 'cnv_test' } }
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Send a test mail' }));
    const status = await screen.findByText(/The test mail arrived/);
    expect(within(status).getByRole('link', { name: 'Open it' })).toHaveAttribute(
      'href',
      `/dashboard/${workspaceId}/chat-takeover/cnv_test`,
    );
  });

  it('says so when the test mail did not arrive', async () => {
    const { user } = await renderEmailPage((request) =>
      request.method === 'POST' && request.url === '/api/user/email-test'
        ? { status: 200, body: { arrived: false, conversationId: null } }
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Send a test mail' }));
    expect(await screen.findByText('The test mail did not arrive.')).toBeInTheDocument();
  });
});
