import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notInPassagesMarker } from '../../src/bot/replying/language-model';

/** An OpenAI-compatible chat-completions endpoint on this machine, answering as told. */
export interface FakeModel {
  /** The base URL, as BOT_LLM_URL takes it. */
  url: string;
  /** Answers `answer`; fails with a 500; never answers; or says the passages hold no answer. */
  behaviour: 'phrase' | 'fail' | 'hang' | 'no-answer';
  /** What it answers when it phrases. */
  answer: string;
  requests: { path: string; headers: IncomingHttpHeaders; body: ChatRequest }[];
  close(): Promise<void>;
}

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
}

export async function startFakeModel(
  answer = 'You can start a return in My orders within 30 days, and we send a label.',
): Promise<FakeModel> {
  const hanging = new Set<() => void>();
  const fake: FakeModel = {
    url: '',
    behaviour: 'phrase',
    answer,
    requests: [],
    close: () => {
      for (const release of hanging) release();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw) as ChatRequest;
      fake.requests.push({ path: request.url ?? '', headers: request.headers, body });
      const reply = (content: string) =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
      if (fake.behaviour === 'fail') response.writeHead(500).end('{"error":"overloaded"}');
      else if (fake.behaviour === 'hang') hanging.add(() => response.destroy());
      else if (fake.behaviour === 'no-answer') reply(notInPassagesMarker);
      else reply(fake.answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
