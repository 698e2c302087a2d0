import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

let sequence = 0;
/** An e-mail address no other test uses. */
export const uniqueEmail = (label: string) =>
  `${label}-${process.pid}-${Date.now()}-${sequence++}@example.com`;

export const defaultPassword = 'Harbor-lights-7';

export interface Account {
  email: string;
  password: string;
  idToken: string;
  userId: string;
}

/** Creates an account through the API (what the signup page calls). */
export async function signUpByApi(
  request: APIRequestContext,
  {
    label,
    website,
    displayName = 'Robin Agent',
  }: { label: string; website?: string; displayName?: string },
): Promise<Account> {
  const email = uniqueEmail(label);
  const response = await request.post('/api/auth/signup', {
    data: { email, password: defaultPassword, displayName, ...(website ? { website } : {}) },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const body = (await response.json()) as { idToken: string; user: { id: string } };
  return { email, password: defaultPassword, idToken: body.idToken, userId: body.user.id };
}

export async function workspacesOf(request: APIRequestContext, account: Account) {
  const response = await request.get('/api/user/workspaces', {
    headers: { authorization: `Bearer ${account.idToken}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    workspaceId: string;
    role: string;
    workspace: { name: string };
  }[];
}

/**
 * Moves the workspace to a self-serve plan (what the billing settings' plan chooser calls): the
 * Free plan includes no products, so a test that imports some chooses one that does.
 */
export async function choosePlanByApi(
  request: APIRequestContext,
  account: Account,
  workspaceId: string,
  plan: 'starter' | 'growth',
) {
  const response = await request.post('/api/user/billing-plan', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: { workspaceId, plan, period: 'monthly' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A product added through the API (POST /api/user/products), as an admin of the workspace. */
export async function addProduct(
  request: APIRequestContext,
  account: Account,
  workspaceId: string,
  fields: { sku: string; name: string; price: number; stock: number; status?: string },
) {
  const response = await request.post('/api/user/products', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: { workspaceId, productId: `e2e-${fields.sku}`, description: '', ...fields },
  });
  expect(response.status()).toBe(201);
}

export async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Signs `account` in from the login page; resolves on the dashboard. */
export async function signInAs(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login');
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL('/dashboard');
}

/** The newest .eml the server wrote for `to` (no SMTP configured: DATA_DIR/outbox). */
export function readLatestEmail(dataDir: string, to: string): string {
  const outbox = path.join(dataDir, 'outbox');
  const messages = readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
    .filter((message) => message.toLowerCase().includes(to.toLowerCase()));
  const latest = messages.at(-1);
  if (!latest) throw new Error(`No e-mail to ${to} in ${outbox}`);
  // Undo quoted-printable soft line breaks and escapes.
  return latest
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
