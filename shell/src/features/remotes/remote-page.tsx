import { useEffect, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Loading } from 'shared-ui';
import type { RemotePageRef } from '../../app/routes';
import { isRemoteFailure } from '../../runtime-plugins/remote-failure';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  remoteFailed,
  remoteLoaded,
  remoteRetried,
  selectRemoteAttempt,
} from '../../store/remotes-slice';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { preloadedPage } from './preloaded-pages';
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
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const attempt = useAppSelector((state) => selectRemoteAttempt(state, page.remote));
  const key = `${page.remote}/${page.module}#${attempt}`;
  const [loaded, setLoaded] = useState<Loaded | undefined>(() => {
    const Page = preloadedPage(page);
    return Page ? { key, Page } : undefined;
  });

  useEffect(() => {
    let current = true;
    const fail = () => {
      dispatch(remoteFailed(page.remote));
      setLoaded({ key, failed: true });
    };
    load(page).then(
      (result) => {
        if (!current) return;
        if (isRemoteFailure(result)) return fail();
        dispatch(remoteLoaded(page.remote));
        setLoaded({ key, Page: result });
      },
      () => current && fail(),
    );
    return () => {
      current = false;
    };
  }, [key, page, load, dispatch]);

  const retry = () => {
    // Fetch the manifest afresh: a remote that was fixed by a redeploy has new files.
    resetRemote(page.remote);
    dispatch(remoteRetried(page.remote));
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
