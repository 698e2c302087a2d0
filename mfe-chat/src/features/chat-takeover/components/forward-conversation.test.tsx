import { screen, waitFor, within } from '@testing-library/react';
import { addTranslations } from 'shared-ui';
import { fakeApi, notFoundReply, type FakeReply } from '@testing/fake-api';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import en from '../conversation.en-US.json';
import { ForwardConversation } from './forward-conversation';

addTranslations('conversation', en);
// Typing a whole dialog by keyboard takes a while on a busy machine.
jest.setTimeout(15_000);

const workspaceId = 'ws_fernhill';

async function render(answer: FakeReply = { status: 204, body: undefined }) {
  const api = fakeApi((request) =>
    request.method === 'POST' && request.url === '/api/user/email-forward'
      ? answer
      : notFoundReply(request),
  );
  await signIn();
  const view = renderPage(
    <ForwardConversation workspaceId={workspaceId} conversationId="cnv_mail" />,
    { route: `/dashboard/${workspaceId}/chat`, path: '/dashboard/:workspaceId/chat' },
  );
  return { ...view, ...api };
}

const forwards = (requests: { url: string; body: unknown }[]) =>
  requests.filter((request) => request.url === '/api/user/email-forward');

describe('forwarding an e-mail conversation', () => {
  it('sends the address and the note by keyboard alone, and says it was forwarded', async () => {
    const { user, requests } = await render();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Forward' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Forward this conversation by e-mail',
    });
    // The address is where the typing goes.
    expect(within(dialog).getByLabelText('Forward to')).toHaveFocus();
    await user.keyboard('supplier@bikes.example');
    await user.tab();
    await user.keyboard('Can you send a new bell to this customer?');
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Forward' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(forwards(requests).map((request) => request.body)).toEqual([
        {
          workspaceId,
          conversationId: 'cnv_mail',
          to: 'supplier@bikes.example',
          note: 'Can you send a new bell to this customer?',
        },
      ]),
    );
    expect(await screen.findByText('Forwarded to supplier@bikes.example.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says beside the field when the address is not one, and sends nothing', async () => {
    const { user, requests } = await render();
    await user.click(screen.getByRole('button', { name: 'Forward' }));
    const dialog = await screen.findByRole('alertdialog');
    const address = within(dialog).getByLabelText('Forward to');
    await user.type(address, 'not an address{Enter}');
    expect(address).toHaveAccessibleDescription(
      'Please enter a valid e-mail address, like name@example.com.',
    );
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveFocus();
    expect(forwards(requests)).toEqual([]);
  });

  it('keeps the dialog open with the reason when the mail could not be sent', async () => {
    const { user } = await render({
      status: 503,
      body: { error: { code: 'unavailable', message: 'The mail server refused the mail' } },
    });
    await user.click(screen.getByRole('button', { name: 'Forward' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Forward to'), 'supplier@bikes.example');
    await user.click(within(dialog).getByRole('button', { name: 'Forward' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The mail server refused the mail',
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
