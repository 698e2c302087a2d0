import { screen } from '@testing-library/react';
import { session, type User } from 'shared-sdk';
import { errorReply, fakeApi, notFoundReply, type FakeReply } from '@testing/fake-api';
import { buildAuthResponse, buildPasswordPolicy } from '@testing/data-generators';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { ChangePasswordPage } from './change-password-page';

const renewedAuth = buildAuthResponse({
  idToken: 'id-token-after-change',
  refreshToken: 'refresh-token-after-change',
});

/** The password API: the policy (min 8, lower, upper, number) and the change itself. */
function passwordApi(change: () => FakeReply = () => ({ status: 200, body: renewedAuth })) {
  return fakeApi((request) => {
    if (request.method === 'GET' && request.url === '/api/auth/password-policy') {
      return { status: 200, body: buildPasswordPolicy() };
    }
    if (request.method === 'POST' && request.url === '/api/auth/change-password') return change();
    return notFoundReply(request);
  });
}

async function renderChangePassword(userOverrides: Partial<User> = {}) {
  const { storage } = await signIn(userOverrides);
  const view = renderPage(<ChangePasswordPage />, {
    route: '/dashboard/my-account/change-password',
  });
  const fields = {
    current: () => screen.getByLabelText('Current password'),
    next: () => screen.getByLabelText('New password'),
    confirm: () => screen.getByLabelText('Confirm new password'),
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Change password' }));
  async function fillIn(current: string, next: string, confirm = next) {
    await view.user.type(fields.current(), current);
    await view.user.type(fields.next(), next);
    await view.user.type(fields.confirm(), confirm);
  }
  return { ...view, storage, fields, submit, fillIn };
}

/** The checklist line for a rule, e.g. "a number". */
const rule = (text: string) => screen.getByText(text).closest('li');

const posts = (requests: { method: string; url: string }[]) =>
  requests.filter((request) => request.url === '/api/auth/change-password');

describe('Change password page', () => {
  it("checks the new password against the server's policy as the user types", async () => {
    passwordApi();
    const { user, fields } = await renderChangePassword();
    await screen.findByLabelText('New password');

    expect(screen.getByRole('heading', { level: 1, name: 'Change password' })).toBeInTheDocument();
    // minLength 8 comes from the API (the default is 6).
    expect(rule('at least 8 characters')).toHaveAttribute('data-met', 'false');
    expect(rule('a lowercase letter')).toHaveTextContent('(not yet)');
    expect(screen.queryByText('a symbol')).not.toBeInTheDocument();

    await user.type(fields.next(), 'abc');
    expect(rule('a lowercase letter')).toHaveAttribute('data-met', 'true');
    expect(rule('a lowercase letter')).toHaveTextContent('(done)');
    expect(rule('an uppercase letter')).toHaveAttribute('data-met', 'false');

    await user.type(fields.next(), 'DE1');
    expect(rule('at least 8 characters')).toHaveAttribute('data-met', 'false');
    await user.type(fields.next(), 'xy');
    for (const text of ['at least 8 characters', 'an uppercase letter', 'a number']) {
      expect(rule(text)).toHaveAttribute('data-met', 'true');
    }
  });

  it('does not send a new password that breaks the policy or is not confirmed', async () => {
    const { requests } = passwordApi();
    const { user, fields, submit, fillIn } = await renderChangePassword();
    await screen.findByLabelText('New password');

    await fillIn('old-Secret1', 'Weakling', 'Weakling');
    await submit();
    expect(fields.next()).toHaveAccessibleDescription(
      'The password does not meet the requirements below.',
    );
    expect(fields.next()).toHaveFocus();

    await user.type(fields.next(), '7');
    // The error shown clears as soon as the password meets the policy.
    expect(fields.next()).not.toHaveAttribute('aria-invalid');
    await submit();
    expect(fields.confirm()).toHaveAccessibleDescription("The passwords don't match");
    expect(fields.confirm()).toHaveFocus();
    expect(posts(requests)).toEqual([]);

    await user.type(fields.confirm(), '7');
    expect(fields.confirm()).not.toHaveAttribute('aria-invalid');
  });

  it("says the current password isn't right, beside that field", async () => {
    const { requests } = passwordApi(() =>
      errorReply(400, 'auth/wrong-password', 'The password is invalid'),
    );
    const { fields, submit, fillIn, storage } = await renderChangePassword();
    await screen.findByLabelText('New password');

    await fillIn('not-my-password', 'Brand-new-Pass1');
    await submit();

    expect(await screen.findByText("That password isn't right.")).toBeInTheDocument();
    expect(fields.current()).toHaveAccessibleDescription("That password isn't right.");
    expect(fields.current()).toHaveFocus();
    expect(fields.next()).toHaveValue('Brand-new-Pass1');
    expect(posts(requests)).toHaveLength(1);
    expect(storage.getItem('parley.refreshToken')).toBe('refresh-token-1');
  });

  it('shows other failures in an alert', async () => {
    passwordApi(() =>
      errorReply(429, 'auth/too-many-requests', 'Too many attempts, try again later'),
    );
    const { submit, fillIn } = await renderChangePassword();
    await screen.findByLabelText('New password');

    await fillIn('old-Secret1', 'Brand-new-Pass1');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });

  it('changes the password and adopts the tokens the server issued', async () => {
    const { requests, fetchMock } = passwordApi();
    const { fields, submit, fillIn, storage } = await renderChangePassword();
    await screen.findByLabelText('New password');

    await fillIn('old-Secret1', 'Brand-new-Pass1');
    await submit();

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(posts(requests)).toEqual([
      {
        method: 'POST',
        url: '/api/auth/change-password',
        body: { currentPassword: 'old-Secret1', newPassword: 'Brand-new-Pass1' },
      },
    ]);
    // session().applyAuth: the new tokens are kept (the answer renewed the sign-in cookie).
    await expect(session().getIdToken()).resolves.toBe('id-token-after-change');
    expect(storage.getItem('parley.refreshToken')).toBe('refresh-token-after-change');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/session')).toBe(false);
    expect(fields.current()).toHaveValue('');
    expect(fields.next()).toHaveValue('');
    expect(fields.confirm()).toHaveValue('');
  });

  it('falls back to the default minimum length when the policy cannot be loaded', async () => {
    fakeApi(() => errorReply(500, 'internal', 'Internal error'));
    await renderChangePassword();

    expect(await screen.findByText('at least 6 characters')).toBeInTheDocument();
  });

  it('explains instead of showing the form when the account has no password', async () => {
    passwordApi();
    await renderChangePassword({
      providerId: 'google.com' as User['providerId'],
    });

    expect(screen.getByText(/no Parley password to change/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(session().getState().user?.canChangePassword).toBe(false);
  });
});
