import { newClientId, retryableSendIds } from './client-id';

describe('send ids', () => {
  it('are 32 hex digits, new each time', () => {
    const ids = new Set(Array.from({ length: 100 }, newClientId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('repeat for the same content after a failed send, and only then', () => {
    const sends = retryableSendIds();
    const first = sends.idFor(['Where is my order?', []]);
    first.settled(false);
    const retry = sends.idFor(['Where is my order?', []]);
    expect(retry.clientId).toBe(first.clientId);
    retry.settled(true);

    const next = sends.idFor(['Where is my order?', []]);
    expect(next.clientId).not.toBe(first.clientId);
    next.settled(false);
    expect(sends.idFor(['Where is my order??', []]).clientId).not.toBe(next.clientId);
  });
});
