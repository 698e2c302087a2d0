import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { progressMediaType } from 'shared-sdk';
import { handleError } from '../src/errors/error-handler';
import { HttpError } from '../src/errors/http-error';
import { ProgressReply } from '../src/http/progress-reply';

/** A write that reports half its progress, then ends as `outcome` says; served on loopback. */
const apps: FastifyInstance[] = [];
afterEach(() => Promise.all(apps.splice(0).map((app) => app.close())));

async function appWith(outcome: () => Promise<unknown>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  apps.push(app);
  app.setErrorHandler(handleError);
  app.post('/write', (request, reply) => {
    const progress = new ProgressReply(request, reply, 201);
    return progress.send(
      (async () => {
        progress.report({ done: 1, total: 2 });
        return outcome();
      })(),
    );
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

async function post(app: FastifyInstance) {
  const { port } = app.server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/write`, { method: 'POST' });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: await response.text(),
  };
}

const linesOf = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('an answer that reports the progress of a long write', () => {
  it('ends with the result after the progress lines', async () => {
    const app = await appWith(async () => ({ written: 2 }));
    const response = await post(app);
    expect(response.status).toBe(201);
    expect(response.type).toBe(progressMediaType);
    expect(linesOf(response.body)).toEqual([
      { type: 'progress', done: 1, total: 2 },
      { type: 'result', result: { written: 2 } },
    ]);
  });

  it('ends with an error line, the status it would have had, once the answer has begun', async () => {
    const refused = await appWith(() =>
      Promise.reject(new HttpError(404, 'Workspace ws_1 not found')),
    );
    const response = await post(refused);
    expect(response.status).toBe(201);
    expect(linesOf(response.body).at(-1)).toEqual({
      type: 'error',
      status: 404,
      error: { code: 'not-found', message: 'Workspace ws_1 not found' },
    });

    // Internals stay on the server, as in any error answer.
    const crashed = await appWith(() => Promise.reject(new Error('relation "x" does not exist')));
    const crash = await post(crashed);
    expect(linesOf(crash.body).at(-1)).toEqual({
      type: 'error',
      status: 500,
      error: { code: 'internal', message: 'Internal error' },
    });
  });
});
