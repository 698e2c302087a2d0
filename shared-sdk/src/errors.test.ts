import {
  errorCodeForStatus,
  pageNotFound,
  PageError,
  parsePageParam,
  statusByErrorCode,
} from './errors';

describe('error codes (product-spec.md §8)', () => {
  it('maps each HTTP status to its code and back', () => {
    expect(errorCodeForStatus(400)).toBe('invalid-argument');
    expect(errorCodeForStatus(401)).toBe('unauthenticated');
    expect(errorCodeForStatus(403)).toBe('permission-denied');
    expect(errorCodeForStatus(404)).toBe('not-found');
    expect(errorCodeForStatus(429)).toBe('resource-exhausted');
    expect(errorCodeForStatus(500)).toBe('internal');
    expect(errorCodeForStatus(503)).toBe('unavailable');
    expect(errorCodeForStatus(504)).toBe('deadline-exceeded');
    expect(statusByErrorCode['permission-denied']).toBe(403);
  });

  it('falls back to the class of an unlisted status', () => {
    expect(errorCodeForStatus(502)).toBe('internal');
    expect(errorCodeForStatus(422)).toBe('invalid-argument');
  });

  it('builds the 404 page error with the spec message', () => {
    const error = pageNotFound('/news/nope');
    expect(error).toBeInstanceOf(PageError);
    expect(error.status).toBe(404);
    expect(error.message).toBe('Page Not Found: /news/nope');
  });
});

describe('parsePageParam (product-spec.md §5)', () => {
  const page = (query: string) => parsePageParam(new URLSearchParams(query), `/list?${query}`);

  it('reads a whole number of at least 1, and 1 when absent', () => {
    expect(page('')).toBe(1);
    expect(page('page=1')).toBe(1);
    expect(page('page=57')).toBe(57);
  });

  it.each([
    'page=0',
    'page=-1',
    'page=2.5',
    'page=1e3',
    'page=%203',
    'page=',
    'page=x',
    'page=1&page=2',
  ])('%s is the 404 page for the path', (query) => {
    expect(() => page(query)).toThrow(new PageError(404, `Page Not Found: /list?${query}`));
  });
});
