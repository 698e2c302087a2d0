import { expect, test } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { logIn } from './accounts';
import { ended, startExtraServer, untilHealthy } from './extra-server';
import {
  clearEmulatorAccounts,
  emulatorHasAccount,
  emulatorHost,
  emulatorProjectId,
  latestResetCode,
  startAuthEmulator,
} from './firebase-emulator';

// Issue 16: Parley switched to Firebase Authentication by configuration, against the Auth
// emulator. The server of its own runs on 3190 (3191–3197 are other specs' servers).
const port = Number(process.env.E2E_FIREBASE_PORT ?? 3190);
const base = `http://localhost:${port}`;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let emulator: { stop: () => Promise<void> };
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  emulator = await startAuthEmulator();
  await clearEmulatorAccounts();
  server = startExtraServer(port, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-e2e-firebase-')),
    PUBLIC_URL: base,
    FIREBASE_PROJECT_ID: emulatorProjectId,
    FIREBASE_API_KEY: 'demo-api-key',
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  });
  await untilHealthy(port, server);
});

test.afterAll(async () => {
  if (server) {
    server.kill('SIGTERM');
    await ended(server);
  }
  await emulator?.stop();
});

test('sign up with Firebase, sign out, reset the password by its e-mailed code, log in again', async ({
  page,
}) => {
  const email = `firebase-${randomUUID().slice(0, 8)}@harbor-books.example`;
  const firebaseCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`http://${emulatorHost}/`)) firebaseCalls.push(request.url());
  });

  await page.goto(`${base}/signup`);
  await page.getByLabel('Your name').fill('Morgan Reyes Vega');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Harbor-lights-7');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(`${base}/dashboard`);
  // product-spec.md §5: the Firebase display name split into first and last name.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Morgan');
  // The account was made in Firebase (the emulator), not by Parley's own sign-up.
  expect(firebaseCalls.some((url) => url.includes('accounts:signUp'))).toBe(true);

  // A reload restores the Firebase sign-in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Morgan');

  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${base}/login`);
  await page.goto(`${base}/dashboard`);
  await expect(page).toHaveURL(`${base}/login?redirect=%2Fdashboard`);

  await page.goto(`${base}/forgot-password`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();
  await expect.poll(() => latestResetCode(email)).toBeTruthy();
  const code = (await latestResetCode(email))!;

  // product-spec.md §7: the recovery e-mail links to /login with the code.
  await page.goto(`${base}/login?mode=resetPassword&oobCode=${encodeURIComponent(code)}`);
  await page.getByLabel('New password', { exact: true }).fill('Tide-charts-9');
  await page.getByLabel('Repeat the new password').fill('Tide-charts-9');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();

  // The code works once (product-spec.md §8 invalid-action-code).
  await page.goto(`${base}/login?mode=resetPassword&oobCode=${encodeURIComponent(code)}`);
  await page.getByLabel('New password', { exact: true }).fill('Tide-charts-10');
  await page.getByLabel('Repeat the new password').fill('Tide-charts-10');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is not valid any more.');

  await page.goto(`${base}/login`);
  await logIn(page, email, 'Harbor-lights-7');
  await expect(page.getByRole('alert')).toContainText(/password/i);
  await logIn(page, email, 'Tide-charts-9');
  await expect(page).toHaveURL(`${base}/dashboard`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Morgan');

  // product-spec.md §5: a password change re-authenticates with Firebase first.
  await page.goto(`${base}/dashboard/my-account/change-password`);
  const changeTo = async (current: string, next: string) => {
    await page.getByLabel('Current password').fill(current);
    await page.getByLabel('New password', { exact: true }).fill(next);
    await page.getByLabel(/Confirm new password|Repeat the new password/).fill(next);
    await page.getByRole('button', { name: /Change password/ }).click();
  };
  await changeTo('not-my-password', 'Lantern-keeper-4');
  await expect(page.getByText("That password isn't right.")).toBeVisible();
  await changeTo('Tide-charts-9', 'Lantern-keeper-4');
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  // Still signed in: the new token went to the API.
  await page.reload();
  await expect(page.getByLabel('Current password')).toBeVisible();
});

test('change the e-mail address on My account, log in with it, then delete the account', async ({
  page,
}) => {
  const email = `firebase-${randomUUID().slice(0, 8)}@harbor-books.example`;
  const moved = `firebase-${randomUUID().slice(0, 8)}@lighthouse-teas.example`;
  const password = 'Harbor-lights-7';
  await page.goto(`${base}/signup`);
  await page.getByLabel('Your name').fill('Robin Okafor');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`${base}/dashboard`);

  // The address changes in Firebase (the API refuses it through the profile call) and comes to
  // Parley with the next token.
  await page.goto(`${base}/dashboard/my-account`);
  const emailField = page.getByLabel('E-mail address');
  await expect(emailField).toHaveValue(email);
  await emailField.fill(moved);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  expect(await emulatorHasAccount(moved)).toBe(true);
  expect(await emulatorHasAccount(email)).toBe(false);
  await page.reload();
  await expect(page.getByLabel('E-mail address')).toHaveValue(moved);

  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${base}/login`);
  await logIn(page, email, password);
  await expect(page.getByRole('alert')).toBeVisible();
  await logIn(page, moved, password);
  await expect(page).toHaveURL(`${base}/dashboard`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Robin');

  // Deleting re-authenticates with Firebase, then deletes in Parley and in Firebase.
  await page.goto(`${base}/dashboard/my-account`);
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your Parley account?' });
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText("That password isn't right.")).toBeVisible();
  expect(await emulatorHasAccount(moved)).toBe(true);

  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(`${base}/login`);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  expect(await emulatorHasAccount(moved)).toBe(false);
  await logIn(page, moved, password);
  await expect(page.getByRole('alert')).toContainText(
    /There is no Parley account with that e-mail address|The e-mail address or password is incorrect/,
  );
  await expect(page).toHaveURL(`${base}/login`);
});
