import { createElement, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from 'shared-ui';

export type LazyComponent<P> = ComponentType<P> & {
  /** Starts loading the component's module (once), so that its first render need not wait. */
  preload(): Promise<unknown>;
};

function LoadingModule() {
  const { t } = useTranslation('common');
  return <Loading label={t('loading')} />;
}

/**
 * A component whose module loads on demand: until it arrives it shows the loading state, then
 * renders; one whose module has arrived (preload) renders at once. Not React.lazy: a component
 * that suspends shows its Suspense boundary's fallback, and React then reveals the content no
 * sooner than 300 ms after the last fallback was shown (it throttles reveals), so on a
 * dashboard's first load each lazy component added up to 300 ms. Here the module's arrival is a
 * plain update, which React renders at once. A module that fails to load throws to the error
 * boundary, as React.lazy did.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let state: { component?: ComponentType<P>; error?: unknown } = {};
  let loading: Promise<unknown> | undefined;
  const listeners = new Set<() => void>();
  const settle = (next: typeof state) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const preload = () =>
    (loading ??= load().then(
      (component) => settle({ component }),
      (error: unknown) => {
        settle({ error });
        throw error;
      },
    ));

  function Lazy(props: P) {
    const { component, error } = useSyncExternalStore(subscribe, () => state);
    useEffect(() => {
      if (!component) preload().catch(() => {});
    }, [component]);
    if (error) throw error;
    return component ? createElement(component, props) : <LoadingModule />;
  }
  return Object.assign(Lazy, { preload });
}

/** Starts loading `component`'s module if it is one that loads on demand (lazyComponent). */
export function preloadComponent(component: unknown): void {
  const { preload } = (component ?? {}) as { preload?: unknown };
  if (typeof preload === 'function') void (preload as () => Promise<unknown>)().catch(() => {});
}
