/**
 * Waits for every one of `works` (statements of one transaction), then throws the first
 * failure: the transaction must not roll back while others still have statements to send, which
 * would then run outside it.
 */
export async function allOf<T extends readonly unknown[]>(works: {
  readonly [K in keyof T]: Promise<T[K]>;
}): Promise<T> {
  const settled = await Promise.allSettled(works);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
