import { RetryPlugin } from '@module-federation/retry-plugin';

// A remote's manifest and scripts get two more tries, half a second apart, before the
// fallback plugin takes over. Kept short: a person is waiting for the page.
export default function retryPlugin() {
  return RetryPlugin({
    fetch: { retryTimes: 2, retryDelay: 500 },
    script: { retryTimes: 2, retryDelay: 500 },
  });
}
