import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { session } from 'shared-sdk';
import { deferred, errorReply, fakeApi, notFoundReply, type FakeReply } from '@testing/fake-api';
import { buildUser } from '@testing/data-generators';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { MyAccountPage } from './my-account-page';

/** The login page as far as this test needs it: what the page sent along. */
function LoginProbe() {
  const { state } = useLocation();
  return <p>{`Login page: ${JSON.stringify(state)}`}</p>;
}

/** The profile reads; DELETE /api/auth/account answers `remove`. */
function accountApi(remove: () => FakeReply | Promise<FakeReply>) {
  return fakeApi((request) => {
    if (request.url === '/api/user/profile') return { status: 200, body: buildUser() };
    if (request.method === 'DELETE' && request.url === '/api/auth/account') return remove();
    if (request.url === '/api/session') return { status: 204 };
    return notFoundReply(request);
  });
}

async function openDeleteDialog() {
  await signIn();
  const view = renderPage(<MyAccountPage />, {
    route: '/dashboard/my-account',
    path: '/dashboard/my-account',
    otherRoutes: [{ path: '/login', element: <LoginProbe /> }],
  });
  const opener = await screen.findByRole('button', { name: 'Delete account…' });
  await view.user.click(opener);
  const dialog = screen.getByRole('alertdialog', { name: 'Delete your Parley account?' });
  const password = within(dialog).getByLabelText('Your password');
  const confirm = () =>
    view.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  return { ...view, opener, dialog, password, confirm };
}

const deletions = (requests: { method: string; url: string }[]) =>
  requests.filter((request) => request.method === 'DELETE');

describe('Deleting the account from My account', () => {
  it('says what is lost with the account', async () => {
    accountApi(() => ({ status: 204 }));
    await signIn();
    renderPage(<MyAccountPage />);

    const section = await screen.findByRole('region', { name: 'Delete account' });
    expect(section).toHaveTextContent("can't be undone");
    expect(section).toHaveTextContent('your membership of every workspace');
    expect(section).toHaveTextContent(
      'every workspace you are the only member of, with its conversations, tickets',
    );
    expect(section).toHaveTextContent('last admin of a workspace that has other members');
  });

  it('asks for the password, in a field that has focus, and deletes nothing without it', async () => {
    const { requests } = accountApi(() => ({ status: 204 }));
    const { dialog, password, confirm, user } = await openDeleteDialog();

    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('type', 'password');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await confirm();

    expect(password).toHaveAccessibleDescription('Please enter your password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(deletions(requests)).toEqual([]);
    // Typing clears the complaint.
    await user.type(password, 'x');
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  it('shows a wrong password on the field and stays signed in', async () => {
    const { requests } = accountApi(() =>
      errorReply(400, 'auth/wrong-password', 'The password is wrong'),
    );
    const { password, confirm, user, dialog } = await openDeleteDialog();

    await user.type(password, 'not-my-password');
    await confirm();

    // product-spec.md §8's message for the code, whatever the server's words.
    expect(await within(dialog).findByText("That password isn't right.")).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription("That password isn't right.");
    expect(password).toHaveFocus();
    expect(deletions(requests)).toEqual([
      { method: 'DELETE', url: '/api/auth/account', body: { password: 'not-my-password' } },
    ]);
    expect(session().getState().status).toBe('signed-in');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/my-account');
  });

  it("shows the server's refusal inside the dialog (the last admin of a workspace)", async () => {
    accountApi(() =>
      errorReply(400, 'invalid-argument', 'Make someone else an admin of Fernhill Books first'),
    );
    const { password, confirm, user, dialog } = await openDeleteDialog();

    await user.type(password, 'Harbor-lights-7');
    await confirm();

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Make someone else an admin of Fernhill Books first',
    );
    expect(session().getState().status).toBe('signed-in');
  });

  it('deletes with Enter in the field, signs out and opens the login page with a notice', async () => {
    const answer = deferred<FakeReply>();
    const { requests } = accountApi(() => answer.promise);
    const { password, user, dialog } = await openDeleteDialog();

    await user.type(password, 'Harbor-lights-7{Enter}');

    expect(
      await within(dialog).findByRole('button', { name: 'Deleting your account…' }),
    ).toHaveAttribute('aria-disabled', 'true');
    answer.resolve({ status: 204 });

    expect(await screen.findByText('Login page: {"notice":"account-deleted"}')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(session().getState()).toEqual({ status: 'signed-out', user: null });
    expect(deletions(requests)).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('cancels with Escape and gives focus back to the button', async () => {
    const { requests } = accountApi(() => ({ status: 204 }));
    const { user, opener, password } = await openDeleteDialog();

    await user.type(password, 'Harbor');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(deletions(requests)).toEqual([]);

    // Opened again, it starts empty.
    await user.click(opener);
    expect(screen.getByLabelText('Your password')).toHaveValue('');
  });
});
