import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookPayload } from 'shared-sdk/schemas';
import { verifyWebhook, type VerifyWebhookResult } from 'shared-sdk/webhook-signature';

/** One request the receiver got, and what verifyWebhook said of it when it came. */
export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  payload: WebhookPayload<Record<string, unknown>>;
  verified: VerifyWebhookResult;
  answered: number;
}

/**
 * A webhook receiver on loopback, as a customer would write one: every path is an endpoint with
 * its own secret (set once the webhook is created) and its own answers, by default 200.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  private readonly secrets = new Map<string, string>();
  private readonly answers = new Map<string, number[]>();
  private server: Server | undefined;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const verified = verifyWebhook({
          secret: this.secrets.get(path) ?? '',
          headers: request.headers,
          body: rawBody,
        });
        const queued = this.answers.get(path);
        const answered = (queued && queued.length > 1 ? queued.shift() : queued?.[0]) ?? 200;
        this.received.push({
          path,
          headers: request.headers,
          rawBody,
          payload: JSON.parse(rawBody) as ReceivedDelivery['payload'],
          verified,
          answered,
        });
        response.writeHead(answered, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The endpoint's secret, and the statuses it answers in turn (the last one from then on). */
  endpoint(path: string, secret: string, answers: number[] = [200]): void {
    this.secrets.set(path, secret);
    this.answers.set(path, [...answers]);
  }

  at(path: string): ReceivedDelivery[] {
    return this.received.filter((delivery) => delivery.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
