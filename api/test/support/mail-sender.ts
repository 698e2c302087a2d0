import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import type { TestApp } from './build-test-app';

/**
 * A real SMTP client (Nodemailer) talking to the app's receiver on loopback: what a customer's
 * mail server does when it delivers to the workspace's address.
 */
export function mailSender(app: TestApp, pool = false) {
  const port = app.inboundMail.smtpPort;
  if (port === null) throw new Error('The app has no SMTP receiver (inboundMail.smtpPort: 0)');
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    pool,
    maxConnections: 10,
    // A refused mail answers at once; only the limits' tests send much.
    socketTimeout: 60_000,
  });
  return {
    send: (mail: SendMailOptions) => transport.sendMail(mail),
    close: () => transport.close(),
  };
}

/** The workspace's inbox address, made by Settings › E-mail's first visit. */
export async function inboxAddressOf(
  app: TestApp,
  auth: { idToken: string },
  workspaceId: string,
): Promise<{ inboxAddress: string; inboxSecret: string }> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/user/email-settings?workspaceId=${workspaceId}`,
    headers: { authorization: `Bearer ${auth.idToken}` },
  });
  if (response.statusCode !== 200) {
    throw new Error(`email settings answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<{ inboxAddress: string; inboxSecret: string }>();
}
