import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Loading } from 'shared-ui';
import type { RemotePageRef } from '../../app/routes';
import { isRemoteFailure } from '../../runtime-plugins/remote-failure';
import { retryRemote, useRemoteAttempt } from './remote-attempts';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { forgetFailure, preloadedPage } from './preloaded-pages';
import { loadRemotePage, resetRemote } from './remote-loader';
import { RemoteUnavailable } from './remote-unavailable';

type Loaded = { key: string; Page: ComponentType } | { key: string; failed: true };

/** Loads a page from its remote at run time and renders it, or the remote's fallback. */
export function RemotePage({
  page,
  load = loadRemotePage,
}: {
  page: RemotePageRef;
  load?: typeof loadRemotePage;
}) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const attempt = useRemoteAttempt(page.remote);
  const key = `${page.remote}/${page.module}#${attempt}`;
  const [loaded, setLoaded] = useState<Loaded | undefined>(() => {
    const Page = preloadedPage(page);
    if (Page === 'failed') return { key, failed: true };
    return Page ? { key, Page } : undefined;
  });
  const initial = useRef(loaded);

  useEffect(() => {
    if (initial.current?.key === key && 'failed' in initial.current) {
      forgetFailure(page);
      return;
    }
    let current = true;
    const fail = () => setLoaded({ key, failed: true });
    load(page).then(
      (result) => {
        if (!current) return;
        if (isRemoteFailure(result)) return fail();
        setLoaded({ key, Page: result });
      },
      () => current && fail(),
    );
    return () => {
      current = false;
    };
  }, [key, page, load]);

  const retry = () => {
    // Fetch the manifest afresh: a remote that was fixed by a redeploy has new files.
    resetRemote(page.remote);
    retryRemote(page.remote);
  };

  if (loaded?.key !== key) return <Loading label={t('loading')} />;
  if ('failed' in loaded) return <RemoteUnavailable onRetry={retry} />;
  return (
    <RemoteErrorBoundary
      key={page.spansPaths ? key : `${key}:${pathname}`}
      resetKey={pathname}
      onRetry={retry}
    >
      <loaded.Page />
    </RemoteErrorBoundary>
  );
}
