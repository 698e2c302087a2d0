// product-spec.md §8: every store action returns status done or error with the error.
export type ActionResult<T = void> =
  { status: 'done'; data: T } | { status: 'error'; error: unknown };

export async function toActionResult<T>(work: Promise<T>): Promise<ActionResult<T>> {
  try {
    return { status: 'done', data: await work };
  } catch (error) {
    return { status: 'error', error };
  }
}
