import { renderHook } from '@testing-library/react';
import { useSchemasForSend } from './message-schemas';

let mockOffline = true;
jest.mock('shared-sdk/schemas', () => {
  if (mockOffline) throw new Error('offline');
  return jest.requireActual('shared-sdk/schemas');
});

describe('useSchemasForSend', () => {
  it('says why a send cannot go when the schemas do not load, and loads them on the next', async () => {
    const onFailure = jest.fn();
    const { result } = renderHook(() => useSchemasForSend(onFailure));
    expect(await result.current()).toBeUndefined();
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ message: 'offline' }));

    mockOffline = false;
    const schemas = await result.current();
    expect(schemas?.messageContentSchema.safeParse('Hello').success).toBe(true);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('ignores a second send while the first still waits for the schemas', async () => {
    mockOffline = false;
    const { result } = renderHook(() => useSchemasForSend(jest.fn()));
    const [first, second] = await Promise.all([result.current(), result.current()]);
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    expect(await result.current()).toBeDefined();
  });
});
