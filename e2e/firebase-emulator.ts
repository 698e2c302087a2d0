// The Firebase Auth emulator of product-spec.md §9 (on the port playwright.config.ts sets), started
// as the API tests start theirs; plus what the specs read of the mail it "sends".
import { emulatorHost, emulatorProjectId } from '../api/test/support/firebase-emulator';

export {
  clearEmulatorAccounts,
  emulatorHost,
  emulatorProjectId,
  startAuthEmulator,
} from '../api/test/support/firebase-emulator';

const origin = `http://${emulatorHost}`;

/** The out-of-band code of the last password-reset e-mail the emulator "sent" to `email`. */
export async function latestResetCode(email: string): Promise<string | undefined> {
  const response = await fetch(`${origin}/emulator/v1/projects/${emulatorProjectId}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  return oobCodes
    .filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET')
    .at(-1)?.oobCode;
}

/** Whether the emulator has an account with this address (an admin's look-up). */
export async function emulatorHasAccount(email: string): Promise<boolean> {
  const response = await fetch(
    `${origin}/identitytoolkit.googleapis.com/v1/projects/${emulatorProjectId}/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ email: [email] }),
    },
  );
  if (!response.ok) throw new Error(`accounts:lookup: ${response.status}`);
  const { users } = (await response.json()) as { users?: unknown[] };
  return (users?.length ?? 0) > 0;
}
