import { useEffect, useState } from 'react';
import {
  call,
  endpointRequest,
  type Endpoint,
  type EndpointArgs,
  type EndpointOutput,
} from 'shared-sdk';

export type ApiGetState<T> =
  { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed'; error: unknown };

/**
 * Calls the GET `definition` once per input (and again on `retry`). `setData` replaces what was
 * loaded, e.g. with what a later PATCH answered, without asking again.
 */
export function useApiGet<E extends Endpoint>(definition: E, ...input: EndpointArgs<E>) {
  type T = EndpointOutput<E>;
  const [attempt, setAttempt] = useState(0);
  // The request's path (with its query) identifies what is loaded: a new input loads again.
  const path = endpointRequest(
    definition,
    (input as unknown[])[0] as Record<string, unknown> | undefined,
  ).path;
  const key = `${attempt}:${path}`;
  const [result, setResult] = useState<{ key: string; state: ApiGetState<T> } | null>(null);

  useEffect(() => {
    let current = true;
    call(definition, ...input).then(
      (data) => current && setResult({ key, state: { status: 'loaded', data } }),
      (error: unknown) => {
        if (current) setResult({ key, state: { status: 'failed', error } });
      },
    );
    return () => {
      current = false;
    };
    // The key holds the definition's path and the input: they are what makes a new request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const state: ApiGetState<T> = result && result.key === key ? result.state : { status: 'loading' };
  return {
    state,
    retry: () => setAttempt((previous) => previous + 1),
    setData: (update: (data: T) => T) =>
      setResult((previous) =>
        previous?.key === key && previous.state.status === 'loaded'
          ? { key, state: { status: 'loaded', data: update(previous.state.data) } }
          : previous,
      ),
  };
}
