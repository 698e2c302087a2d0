import { useEffect, useState } from 'react';
import { hasNewBuild } from './build-versions';

/** product-spec.md §9: a new build is checked for every hour. */
export const buildCheckIntervalMs = 60 * 60 * 1000;

/**
 * true once a newer build of the shell or of a remote in use is deployed: checked every hour,
 * and when the tab is shown again after an hour or more hidden (a laptop opened in the morning).
 */
export function useNewBuildCheck(check: () => Promise<boolean> = hasNewBuild): boolean {
  const [available, setAvailable] = useState(false);

  useEffect(() => {
    if (available) return undefined;
    let lastCheck = Date.now();
    let current = true;
    const run = async () => {
      lastCheck = Date.now();
      if ((await check()) && current) setAvailable(true);
    };
    const timer = setInterval(() => void run(), buildCheckIntervalMs);
    const onVisibilityChange = () => {
      if (
        document.visibilityState === 'visible' &&
        Date.now() - lastCheck >= buildCheckIntervalMs
      ) {
        void run();
      }
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      current = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [available, check]);

  return available;
}
