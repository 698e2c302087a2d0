import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { ThemeProvider } from 'styled-components';
import { colorModeStorageKey } from 'shared-sdk';
import { createTheme, type ColorMode, type ColorModePreference } from './tokens';

export { colorModeStorageKey };
const darkQuery = '(prefers-color-scheme: dark)';

const preferenceListeners = new Set<() => void>();
/** The choice where storage is blocked (private mode, sandboxed frames): it holds for this page. */
let memoryPreference: ColorModePreference = 'system';

function readPreference(): ColorModePreference {
  try {
    const stored = window.localStorage.getItem(colorModeStorageKey);
    if (stored === 'light' || stored === 'dark' || stored === 'system') return stored;
    return 'system';
  } catch {
    return memoryPreference;
  }
}

function subscribePreference(listener: () => void) {
  preferenceListeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    preferenceListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function systemMode(): ColorMode {
  return typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches
    ? 'dark'
    : 'light';
}

function subscribeSystem(listener: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(darkQuery);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

// A prerendered page is rendered without a visitor, and hydrated as it was rendered: as
// "system" in light mode. React re-renders with the stored choice right after hydrating; the
// colours never depend on this (they are CSS variables chosen by <html data-color-mode>).
const serverPreference = (): ColorModePreference => 'system';
const serverSystemMode = (): ColorMode => 'light';

interface ColorModeValue {
  /** What the user chose. */
  preference: ColorModePreference;
  /** What is shown: the route's forced mode, else the preference resolved against the system. */
  mode: ColorMode;
  forced: boolean;
  setPreference: (preference: ColorModePreference) => void;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

/**
 * product-spec.md §1: light, dark or system colour mode is a stored preference, and a route may force a
 * mode (`forcedMode`) without changing what is stored.
 */
export function ColorModeProvider({
  children,
  forcedMode,
}: {
  children: ReactNode;
  forcedMode?: ColorMode;
}) {
  const preference = useSyncExternalStore(subscribePreference, readPreference, serverPreference);
  const system = useSyncExternalStore(subscribeSystem, systemMode, serverSystemMode);

  const setPreference = useCallback((next: ColorModePreference) => {
    memoryPreference = next;
    try {
      window.localStorage.setItem(colorModeStorageKey, next);
    } catch {
      // Not stored; the choice still holds for this page.
    }
    for (const listener of preferenceListeners) listener();
  }, []);

  const mode = forcedMode ?? (preference === 'system' ? system : preference);

  // Before paint, so a forced mode never shows a frame of the other one.
  useLayoutEffect(() => {
    document.documentElement.dataset.colorMode = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  const value = useMemo(
    () => ({ preference, mode, forced: forcedMode !== undefined, setPreference }),
    [preference, mode, forcedMode, setPreference],
  );
  const theme = useMemo(() => createTheme(mode), [mode]);

  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode must be used inside a ColorModeProvider');
  return value;
}
