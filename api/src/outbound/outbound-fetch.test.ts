import http from 'node:http';
import type { IncomingMessage, RequestListener } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { parseAllowHosts } from './address-check';
import { createOutboundFetch } from './outbound-fetch';
import type { Resolve } from './outbound-fetch';
import { OutboundError } from './outbound-types';
import type { OutboundRequestOptions } from './outbound-types';

// Every server listens on 127.0.0.1, and no test lets a connection go anywhere else: host names
// are answered by an injected resolve, and tests that resolve to other addresses forbid connecting.

interface TestServer {
  port: number;
  origin: string;
  requests: IncomingMessage[];
}

const servers: http.Server[] = [];

async function serve(handler: RequestListener): Promise<TestServer> {
  const requests: IncomingMessage[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request);
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, origin: `http://127.0.0.1:${port}`, requests };
}

afterEach(async () => {
  jest.restoreAllMocks();
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/** Makes any connection attempt fail at once (and be counted) instead of leaving the machine. */
function forbidConnections() {
  return jest.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (
    this: net.Socket,
  ) {
    process.nextTick(() => this.destroy(new Error('a connection was attempted')));
    return this;
  });
}

const notFound: Resolve = (host) =>
  Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));

function resolveTo(...addresses: string[]) {
  return jest.fn<ReturnType<Resolve>, Parameters<Resolve>>(async () =>
    addresses.map((address) => ({ address, family: net.isIP(address) })),
  );
}

function outboundFetch(allowHosts = '', resolve: Resolve = notFound) {
  return createOutboundFetch({
    allowHosts: parseAllowHosts(allowHosts),
    userAgent: 'ParleyTest/1.0',
    resolve,
  });
}

const options: OutboundRequestOptions = { maxBytes: 1024 * 1024, timeoutMs: 5000 };
const twoMb = 2 * 1024 * 1024;

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error: unknown = await promise.then(
    () => new Error('expected the fetch to fail'),
    (reason: unknown) => reason,
  );
  if (error instanceof OutboundError) return error;
  throw error;
}

const hello: RequestListener = (_request, response) => {
  response.writeHead(200, { 'content-type': 'Text/HTML; charset=UTF-8', 'x-test': 'yes' });
  response.end('<p>hello</p>');
};

describe('addresses', () => {
  it('refuses 127.0.0.1 when no host is allowed, without sending a request', async () => {
    const server = await serve(hello);
    const error = await failure(outboundFetch()(`${server.origin}/`, options));
    expect(error.code).toBe('blocked-address');
    expect(error.message).toBe(
      'Refused to connect to 127.0.0.1: 127.0.0.1 is a loopback address (this server itself)',
    );
    expect(server.requests).toHaveLength(0);
  });

  it.each(['[::1]', '[::ffff:127.0.0.1]', '2130706433', '0x7f.1', 'localhost'])(
    'refuses the loopback address written as %s',
    async (host) => {
      const server = await serve(hello);
      const fetch = outboundFetch('', resolveTo('127.0.0.1'));
      const error = await failure(fetch(`http://${host}:${server.port}/`, options));
      expect(error.code).toBe('blocked-address');
      expect(error.message).toMatch(/loopback/);
      expect(server.requests).toHaveLength(0);
    },
  );

  it('fetches an allowed host:port, sending only the expected headers', async () => {
    const server = await serve(hello);
    const fetch = outboundFetch(`127.0.0.1:${server.port}`);
    const response = await fetch(`${server.origin}/page?q=1`, options);
    expect(response).toMatchObject({
      url: `${server.origin}/page?q=1`,
      status: 200,
      contentType: 'text/html; charset=utf-8',
    });
    expect(response.headers['x-test']).toBe('yes');
    expect(response.body.toString()).toBe('<p>hello</p>');
    const [request] = server.requests;
    expect(request?.url).toBe('/page?q=1');
    expect(request?.headers).toMatchObject({
      'user-agent': 'ParleyTest/1.0',
      accept: '*/*',
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(request?.headers.cookie).toBeUndefined();

    await fetch(server.origin, { ...options, accept: 'text/html' });
    expect(server.requests[1]?.headers.accept).toBe('text/html');
  });

  it('allows every port of an entry without a port, and only its port otherwise', async () => {
    const server = await serve(hello);
    expect((await outboundFetch('127.0.0.1')(server.origin, options)).status).toBe(200);
    const otherPort = outboundFetch(`127.0.0.1:${server.port + 1}`);
    expect((await failure(otherPort(server.origin, options))).code).toBe('blocked-address');
  });

  it.each([
    ['10.0.0.5', '10.0.0.5 is a private address'],
    ['169.254.169.254', '169.254.169.254 is a cloud metadata address'],
    ['fc00::1', 'fc00::1 is a private (unique local) address'],
    ['::ffff:192.168.0.1', 'IPv6 form of 192.168.0.1, which is a private address'],
  ])('refuses a host name resolving to %s without connecting', async (address, reason) => {
    const connect = forbidConnections();
    const resolve = resolveTo(address);
    const error = await failure(outboundFetch('', resolve)('http://internal.example/', options));
    expect(error.code).toBe('blocked-address');
    expect(error.message).toContain(`Refused to connect to internal.example (${address}): `);
    expect(error.message).toContain(reason);
    expect(resolve).toHaveBeenCalledWith('internal.example');
    expect(connect).not.toHaveBeenCalled();
  });

  it('refuses a host when any one of its addresses is private', async () => {
    const connect = forbidConnections();
    const fetch = outboundFetch('', resolveTo('8.8.8.8', '10.0.0.5'));
    const error = await failure(fetch('https://mixed.example/', options));
    expect(error.message).toBe(
      'Refused to connect to mixed.example (10.0.0.5): 10.0.0.5 is a private address',
    );
    expect(connect).not.toHaveBeenCalled();
  });

  it('connects to the address it resolved and checked, keeping the host name', async () => {
    const server = await serve(hello);
    const resolve = resolveTo('127.0.0.1');
    // shop.test exists nowhere: only the injected answer can have taken the request to 127.0.0.1.
    const fetch = outboundFetch(`SHOP.test:${server.port}`, resolve);
    const response = await fetch(`http://shop.test:${server.port}/`, options);
    expect(response.body.toString()).toBe('<p>hello</p>');
    expect(server.requests[0]?.headers.host).toBe(`shop.test:${server.port}`);
    expect(resolve).toHaveBeenCalledTimes(1);

    const refused = await failure(
      outboundFetch('', resolve)(`http://shop.test:${server.port}/`, options),
    );
    expect(refused.message).toBe(
      'Refused to connect to shop.test (127.0.0.1): 127.0.0.1 is a loopback address (this server itself)',
    );
    expect(server.requests).toHaveLength(1);
  });

  it('reports a name that does not resolve', async () => {
    const error = await failure(outboundFetch()('http://example.invalid/', options));
    expect(error).toMatchObject({
      code: 'dns',
      message: 'Could not find the address of example.invalid',
    });
    const empty = await failure(outboundFetch('', resolveTo())('http://empty.example/', options));
    expect(empty.code).toBe('dns');
  });

  it('reports a refused connection', async () => {
    const server = await serve(hello);
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const error = await failure(outboundFetch('127.0.0.1')(server.origin, options));
    expect(error).toMatchObject({
      code: 'network',
      message: `Connection refused by 127.0.0.1:${server.port}`,
    });
  });
});

describe('addresses refused before any request', () => {
  it.each([
    ['ftp://127.0.0.1/file', 'bad-scheme'],
    ['file:///etc/passwd', 'bad-scheme'],
    ['javascript:alert(1)', 'bad-scheme'],
    ['127.0.0.1/page', 'bad-url'],
    ['example.com/page', 'bad-url'],
    ['not a url', 'bad-url'],
    ['http://user:secret@127.0.0.1/', 'bad-url'],
  ])('%s: %s', async (url, code) => {
    const connect = forbidConnections();
    const error = await failure(outboundFetch('127.0.0.1')(url, options));
    expect(error.code).toBe(code);
    expect(connect).not.toHaveBeenCalled();
  });
});

describe('responses', () => {
  it('returns a 404 as a response', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('missing');
    });
    const response = await outboundFetch('127.0.0.1')(`${server.origin}/gone`, options);
    expect(response.status).toBe(404);
    expect(response.body.toString()).toBe('missing');
  });

  it.each([
    ['gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
    ['br', zlib.brotliCompressSync],
  ])('decodes a %s body', async (encoding, compress) => {
    const text = 'Opening hours: 9 to 5. '.repeat(200);
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': encoding });
      response.end(compress(text));
    });
    const response = await outboundFetch('127.0.0.1')(server.origin, options);
    expect(response.body.toString()).toBe(text);
  });

  it('accepts a body of exactly maxBytes', async () => {
    const server = await serve((_request, response) => response.end(Buffer.alloc(1000, 'a')));
    const response = await outboundFetch('127.0.0.1')(server.origin, {
      ...options,
      maxBytes: 1000,
    });
    expect(response.body).toHaveLength(1000);
  });

  it.each([
    ['with a Content-Length', true],
    ['without a Content-Length', false],
  ])(
    'refuses a 5 MB body over a 2 MB limit %s',
    async (_label, withLength) => {
      const body = Buffer.alloc(5 * 1024 * 1024, 'x');
      const server = await serve((_request, response) => {
        if (withLength) {
          // Only the header: a fetch that read on instead of trusting it would wait for the timeout.
          response.writeHead(200, { 'content-length': body.length }).write('x');
          return;
        }
        for (let offset = 0; offset < body.length; offset += 64 * 1024) {
          response.write(body.subarray(offset, offset + 64 * 1024));
        }
        response.end();
      });
      const fetch = outboundFetch('127.0.0.1');
      // With a Content-Length the refusal must come before the short timeout; a streamed body is
      // read up to the limit, which on two busy cores can take longer than 2 s.
      const limits = { ...options, maxBytes: twoMb, timeoutMs: withLength ? 2000 : 20_000 };
      const error = await failure(fetch(server.origin, limits));
      expect(error).toMatchObject({ code: 'too-large', message: 'The page is larger than 2 MB' });
    },
    30_000,
  );

  it('counts the limit on the decoded bytes', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip' });
      response.end(zlib.gzipSync(Buffer.alloc(5 * 1024 * 1024)));
    });
    const fetch = outboundFetch('127.0.0.1');
    const error = await failure(fetch(server.origin, { ...options, maxBytes: 512 * 1024 }));
    expect(error).toMatchObject({ code: 'too-large', message: 'The page is larger than 512 KB' });
  });

  it('refuses an unwanted content type before reading the body', async () => {
    // The body never ends: reading it would run into the timeout instead.
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'Application/PDF' });
      response.write('%PDF-1.7');
    });
    const acceptContentType = jest.fn((type: string | undefined) => type === 'text/html');
    const fetch = outboundFetch('127.0.0.1');
    const limits = { ...options, timeoutMs: 2000, acceptContentType };
    const error = await failure(fetch(server.origin, limits));
    expect(error.code).toBe('unsupported-type');
    expect(error.message).toContain('application/pdf');
    expect(acceptContentType).toHaveBeenCalledWith('application/pdf');
  });
});

describe('redirects', () => {
  /** /hop/N redirects to /hop/N+1; /loop/a and /loop/b redirect to each other. */
  async function redirectingServer(delayMs = 0) {
    return serve((request, response) => {
      const url = request.url ?? '/';
      const hop = /^\/hop\/(\d+)$/.exec(url);
      const location = hop
        ? `/hop/${Number(hop[1]) + 1}`
        : { '/loop/a': '/loop/b', '/loop/b': '/loop/a', '/start': 'final' }[url];
      setTimeout(() => {
        if (location) response.writeHead(302, { location }).end();
        else response.end(`at ${url}`);
      }, delayMs);
    });
  }

  it('follows redirects, relative ones included, and reports the final address', async () => {
    const server = await redirectingServer();
    const response = await outboundFetch('127.0.0.1')(`${server.origin}/start`, options);
    expect(response.url).toBe(`${server.origin}/final`);
    expect(response.body.toString()).toBe('at /final');
  });

  it('checks every hop: a redirect to a port that is not allowed is refused', async () => {
    const inside = await serve(hello);
    const outside = await serve((_request, response) =>
      response.writeHead(301, { location: `http://127.0.0.1:${inside.port}/admin` }).end(),
    );
    const fetch = outboundFetch(`127.0.0.1:${outside.port}`);
    const error = await failure(fetch(outside.origin, options));
    expect(error.code).toBe('blocked-address');
    expect(error.message).toContain('127.0.0.1 is a loopback address');
    expect(outside.requests).toHaveLength(1);
    expect(inside.requests).toHaveLength(0);
  });

  it('asks allowRedirect before each hop', async () => {
    const server = await redirectingServer();
    const allowRedirect = jest.fn(() => false);
    const fetch = outboundFetch('127.0.0.1');
    const error = await failure(fetch(`${server.origin}/start`, { ...options, allowRedirect }));
    expect(error.code).toBe('redirect-refused');
    expect(allowRedirect).toHaveBeenCalledWith(new URL(`${server.origin}/final`));
    expect(server.requests).toHaveLength(1);
  });

  it('stops a redirect loop', async () => {
    const server = await redirectingServer();
    const fetch = outboundFetch('127.0.0.1');
    const error = await failure(fetch(`${server.origin}/loop/a`, { ...options, maxRedirects: 20 }));
    expect(error.code).toBe('too-many-redirects');
    expect(error.message).toBe(
      `A redirect loop: ${server.origin}/loop/b redirects back to ${server.origin}/loop/a`,
    );
    expect(server.requests).toHaveLength(2);
  });

  it.each([
    [3, 3],
    [undefined, 5],
  ])('follows at most maxRedirects (%s) redirects', async (maxRedirects, followed) => {
    const server = await redirectingServer();
    const fetch = outboundFetch('127.0.0.1');
    const error = await failure(fetch(`${server.origin}/hop/0`, { ...options, maxRedirects }));
    expect(error).toMatchObject({
      code: 'too-many-redirects',
      message: `Gave up after ${followed} redirects`,
    });
    expect(server.requests).toHaveLength(followed + 1);
  });

  it('refuses a redirect to another scheme', async () => {
    const server = await serve((_request, response) =>
      response.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    );
    const error = await failure(outboundFetch('127.0.0.1')(server.origin, options));
    expect(error.code).toBe('bad-scheme');
  });

  it('does not follow the redirect a webhook answers with', async () => {
    const bodies: string[] = [];
    const server = await serve((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        bodies.push(body);
        response.writeHead(303, { location: '/elsewhere' }).end();
      });
    });
    const post = {
      body: '{"event":"ticket.created"}',
      contentType: 'application/json',
      headers: { 'x-parley-signature': 'abc' },
    };
    const response = await outboundFetch('127.0.0.1')(`${server.origin}/hook`, {
      ...options,
      post,
    });
    expect(response.status).toBe(303);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/hook' });
    expect(server.requests[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-parley-signature': 'abc',
    });
    expect(bodies).toEqual([post.body]);
  });
});

describe('time limits and cancelling', () => {
  it('gives up after timeoutMs', async () => {
    const server = await serve(() => undefined);
    const started = Date.now();
    const error = await failure(
      outboundFetch('127.0.0.1')(server.origin, { ...options, timeoutMs: 200 }),
    );
    expect(error).toMatchObject({ code: 'timeout', message: 'No answer within 0.2 s' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('counts the timeout over all redirects, not per hop', async () => {
    const server = await serve((request, response) => {
      const next = Number(request.url?.slice(1)) + 1;
      setTimeout(() => response.writeHead(302, { location: `/${next}` }).end(), 150);
    });
    const fetch = outboundFetch('127.0.0.1');
    const error = await failure(fetch(`${server.origin}/0`, { ...options, timeoutMs: 400 }));
    expect(error.code).toBe('timeout');
    expect(server.requests.length).toBeLessThanOrEqual(3);
  });

  it('stops when the signal aborts, headers or body still to come', async () => {
    const controller = new AbortController();
    const server = await serve(() => controller.abort());
    const fetch = outboundFetch('127.0.0.1');
    const error = await failure(fetch(server.origin, { ...options, signal: controller.signal }));
    expect(error.code).toBe('aborted');

    const body = new AbortController();
    const slow = await serve((_request, response) => {
      response.writeHead(200).write('first part');
      setTimeout(() => body.abort(), 50);
    });
    expect((await failure(fetch(slow.origin, { ...options, signal: body.signal }))).code).toBe(
      'aborted',
    );
  });

  it('stops reading a compressed body that stalls', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-encoding': 'gzip' });
      // Half of a gzip stream, then nothing: the decoder waits for the rest.
      const zipped = zlib.gzipSync(Buffer.alloc(64 * 1024, 'a'));
      response.write(zipped.subarray(0, zipped.length >> 1));
    });
    const fetch = outboundFetch('127.0.0.1');
    const error = await failure(fetch(server.origin, { ...options, timeoutMs: 300 }));
    expect(error).toMatchObject({ code: 'timeout', message: 'No answer within 0.3 s' });
  });

  it('sends nothing when the signal has already aborted', async () => {
    const server = await serve(hello);
    const signal = AbortSignal.abort();
    const error = await failure(outboundFetch('127.0.0.1')(server.origin, { ...options, signal }));
    expect(error.code).toBe('aborted');
    expect(server.requests).toHaveLength(0);
  });
});
