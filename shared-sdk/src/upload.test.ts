import { configureApiClient } from './api-client';
import { ApiError } from './errors';
import {
  attachmentPath,
  chatbotPhotoPath,
  productPhotoPath,
  storedImageSources,
  uploadFile,
  userPhotoPath,
} from './upload';

function fakeFetch(replies: { status: number; body: string }[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const reply = replies[Math.min(calls.length - 1, replies.length - 1)]!;
    return new Response(reply.body, { status: reply.status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const stored = {
  path: 'images/users/usr_1/me-AbCdEfGhIjKlMnOp.png',
  url: 'https://parley.example/api/storage/images/users/usr_1/me-AbCdEfGhIjKlMnOp.png',
  originalName: 'me.png',
  contentType: 'image/png',
  size: 68,
};

describe('uploadFile', () => {
  it('builds the four path shapes of product-spec.md §3', () => {
    expect(userPhotoPath('usr_1', 'me.png')).toBe('images/users/usr_1/me.png');
    expect(chatbotPhotoPath('w'.repeat(20), 'bot-1', 'b.png')).toBe(
      `images/chatbots/${'w'.repeat(20)}-bot-1/b.png`,
    );
    expect(productPhotoPath('ws', 'p1', 'p.jpg')).toBe('images/products/ws-p1/p.jpg');
    expect(attachmentPath('conv', 'a.pdf')).toBe('attachments/conv/a.pdf');
  });

  it('posts the file as multipart field "file" with the token, through the page client', async () => {
    const { fetch, calls } = fakeFetch([{ status: 201, body: JSON.stringify(stored) }]);
    configureApiClient({ baseUrl: 'https://parley.example/', fetch, getToken: () => 'token-1' });
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

    await expect(uploadFile(userPhotoPath('usr_1', 'my photo #1.png'), file)).resolves.toEqual(
      stored,
    );

    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [{ url: string; init: RequestInit }];
    expect(url).toBe(
      'https://parley.example/api/storage/upload?path=images%2Fusers%2Fusr_1%2Fmy%20photo%20%231.png',
    );
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer token-1');
    // fetch sets the multipart content type with its boundary.
    expect(headers['content-type']).toBeUndefined();
    const form = init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    const sent = form.get('file') as File;
    expect(sent.name).toBe('my photo #1.png');
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
  });

  it('sends the given file name', async () => {
    const { fetch, calls } = fakeFetch([{ status: 201, body: JSON.stringify(stored) }]);
    configureApiClient({ baseUrl: '', fetch });
    await uploadFile('attachments/ws/a.pdf', new Blob(['x']), 'Report.pdf');
    expect(((calls[0]!.init.body as FormData).get('file') as File).name).toBe('Report.pdf');
  });

  it('fails with the API error, and is never retried (a POST)', async () => {
    const { fetch, calls } = fakeFetch([
      {
        status: 503,
        body: JSON.stringify({
          error: { code: 'unavailable', message: 'Cannot upload to storage' },
        }),
      },
      { status: 201, body: JSON.stringify(stored) },
    ]);
    const onError = jest.fn();
    configureApiClient({ baseUrl: '', fetch, onError });
    const error = await uploadFile('images/users/u/a.png', new Blob(['x'])).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      method: 'POST',
      status: 503,
      code: 'unavailable',
      serverMessage: 'Cannot upload to storage',
    });
    expect(onError).toHaveBeenCalledWith(error);
    expect(calls).toHaveLength(1);
  });

  it("reports a proxy's non-JSON refusal by its status", async () => {
    const { fetch } = fakeFetch([
      { status: 413, body: '<html>413 Request Entity Too Large</html>' },
    ]);
    configureApiClient({ baseUrl: '', fetch });
    await expect(uploadFile('images/users/u/a.png', new Blob(['x']))).rejects.toMatchObject({
      status: 413,
      code: 'invalid-argument',
    });
  });
});

describe('storedImageSources', () => {
  it('asks for a stored image in densities 1 and 2', () => {
    const url = 'https://parley.example/api/storage/images/users/u/me-x.png';
    expect(storedImageSources(url, 72)).toEqual({
      src: `${url}?w=72&dpr=1`,
      srcSet: `${url}?w=72&dpr=1 1x, ${url}?w=72&dpr=2 2x`,
    });
    expect(storedImageSources('/api/storage/images/users/u/me-x.png', 40).src).toBe(
      '/api/storage/images/users/u/me-x.png?w=40&dpr=1',
    );
  });

  it('leaves any other address as it is', () => {
    for (const url of [
      'https://cdn.example/ada.jpg',
      'blob:http://localhost/1',
      'https://parley.example/api/storage/images/u/a.png?w=10',
      'https://parley.example/api/storage/attachments/w/a.png',
    ]) {
      expect(storedImageSources(url, 72)).toEqual({ src: url });
    }
  });
});
