import { screen } from '@testing-library/react';
import { buildAuthResponse } from '@testing/data-generators';
import { fakeApi } from '@testing/fake-api';
import { startSession } from '@testing/sign-in';
import { renderPage } from '@testing/render-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { SignupPage } from './signup-page';
import '../../i18n/shell';

const policy = {
  minLength: 8,
  maxLength: 256,
  requireLowercase: false,
  requireUppercase: true,
  requireNumber: false,
  requireSymbol: false,
};

describe('login page', () => {
  it('signs in with the typed credentials', async () => {
    const api = fakeApi(({ url: path }) =>
      path === '/api/auth/login' ? { status: 200, body: buildAuthResponse() } : { status: 204 },
    );
    const session = await startSession();
    const { user } = renderPage(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(api.requests.find((request) => request.url === '/api/auth/login')?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret12',
    });
    expect(session.getState().status).toBe('signed-in');
  });

  it('says the account was deleted when My account sends the user here after deleting it', async () => {
    fakeApi(() => ({ status: 204 }));
    await startSession();
    renderPage(<LoginPage />, {
      route: '/login',
      state: { notice: 'account-deleted' },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Your account has been deleted.');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('shows no notice to anyone else', async () => {
    fakeApi(() => ({ status: 204 }));
    await startSession();
    renderPage(<LoginPage />, { route: '/login' });
    expect(screen.queryByText(/Your account has been deleted/)).not.toBeInTheDocument();
  });

  it('shows the translated auth error (product-spec.md §8)', async () => {
    fakeApi(() => ({
      status: 400,
      body: { error: { code: 'auth/invalid-credential', message: 'Invalid credential' } },
    }));
    await startSession();
    const { user } = renderPage(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail address or password is incorrect.',
    );
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.com');
  });

  it('falls back to auth/unknown for a code without a message', async () => {
    fakeApi(() => ({
      status: 400,
      body: { error: { code: 'auth/something-new', message: 'x' } },
    }));
    await startSession();
    const { user } = renderPage(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
  });

  it('shows the new-password form for the recovery link and sends the code', async () => {
    const api = fakeApi(({ url: path }) =>
      path === '/api/auth/password-policy' ? { status: 200, body: policy } : { status: 204 },
    );
    await startSession();
    const { user } = renderPage(<LoginPage />, {
      route: '/login?mode=resetPassword&oobCode=code-123',
    });
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'Longenough1');
    await user.type(screen.getByLabelText('Repeat the new password'), 'Longenough2');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByText('The two passwords are different.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'Longenough1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(/Your password is changed/)).toBeInTheDocument();
    expect(
      api.requests.find((request) => request.url === '/api/auth/password-reset/confirm')?.body,
    ).toEqual({ code: 'code-123', newPassword: 'Longenough1' });
  });
});

describe('signup page', () => {
  it('shows the password policy as the user types and refuses a password that misses it', async () => {
    const api = fakeApi(({ url: path }) =>
      path === '/api/auth/password-policy' ? { status: 200, body: policy } : { status: 204 },
    );
    await startSession();
    const { user } = renderPage(<SignupPage />, { route: '/signup' });
    const length = await screen.findByText('at least 8 characters');
    expect(length.closest('li')).toHaveAttribute('data-met', 'false');
    await user.type(screen.getByLabelText('Your name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'lowercase1');
    expect(screen.getByText('at least 8 characters').closest('li')).toHaveAttribute(
      'data-met',
      'true',
    );
    expect(screen.getByText('an uppercase letter').closest('li')).toHaveAttribute(
      'data-met',
      'false',
    );
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    // The checklist and the error both describe the field.
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      /an uppercase letter \(not yet\).*The password does not meet the requirements below\./,
    );
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(api.requests.some((request) => request.url === '/api/auth/signup')).toBe(false);
  });

  it('creates the account, leaving out a blank website', async () => {
    const api = fakeApi(({ url: path }) =>
      path === '/api/auth/signup'
        ? { status: 200, body: buildAuthResponse() }
        : path === '/api/auth/password-policy'
          ? { status: 200, body: policy }
          : { status: 204 },
    );
    const session = await startSession();
    await signUpOnPage();
    expect(api.requests.find((request) => request.url === '/api/auth/signup')?.body).toEqual({
      displayName: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'Longenough1',
    });
    expect(session.getState().status).toBe('signed-in');
  });
});

describe('signup page: storing the user fails', () => {
  it("says product-spec.md §8's 'Failed to store user data' and keeps what was typed", async () => {
    fakeApi(({ url: path }) =>
      path === '/api/auth/signup'
        ? {
            status: 500,
            body: { error: { code: 'db/unknown', message: 'Failed to store user data' } },
          }
        : path === '/api/auth/password-policy'
          ? { status: 200, body: policy }
          : { status: 204 },
    );
    await startSession();
    await signUpOnPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to store user data');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.com');
  });
});

/** Fills the sign-up page as a new user would and sends it. */
async function signUpOnPage() {
  const { user } = renderPage(<SignupPage />, { route: '/signup' });
  await screen.findByText('at least 8 characters');
  await user.type(screen.getByLabelText('Your name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'Longenough1');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('forgot password page', () => {
  it('answers the same way whatever the address', async () => {
    const api = fakeApi(() => ({ status: 204 }));
    await startSession();
    const { user } = renderPage(<ForgotPasswordPage />, { route: '/forgot-password' });
    await user.type(screen.getByLabelText('E-mail'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for nobody@example.com, we have sent a link',
    );
    expect(
      api.requests.find((request) => request.url === '/api/auth/password-reset')?.body,
    ).toEqual({
      email: 'nobody@example.com',
    });
  });
});
