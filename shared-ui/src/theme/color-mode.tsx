import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { ThemeProvider } from 'styled-components';
import { createTheme, type ColorMode, type ColorModePreference } from './tokens';

export const colorModeStorageKey = 'parley.colorMode';
const darkQuery = '(prefers-color-scheme: dark)';

function readPreference(): ColorModePreference {
  try {
    const stored = window.localStorage.getItem(colorModeStorageKey);
    if (stored === 'light' || stored === 'dark' || stored === 'system') return stored;
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): fall back to the system mode.
  }
  return 'system';
}

function systemMode(): ColorMode {
  return typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches
    ? 'dark'
    : 'light';
}

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
 * spec §1: light, dark or system colour mode is a stored preference, and a route may force a
 * mode (`forcedMode`) without changing what is stored.
 */
export function ColorModeProvider({
  children,
  forcedMode,
}: {
  children: ReactNode;
  forcedMode?: ColorMode;
}) {
  const [preference, setPreferenceState] = useState<ColorModePreference>(readPreference);
  const [system, setSystem] = useState<ColorMode>(systemMode);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(darkQuery);
    const onChange = () => setSystem(query.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const setPreference = useCallback((next: ColorModePreference) => {
    setPreferenceState(next);
    try {
      window.localStorage.setItem(colorModeStorageKey, next);
    } catch {
      // Not stored; the choice still holds for this page.
    }
  }, []);

  const mode = forcedMode ?? (preference === 'system' ? system : preference);

  useEffect(() => {
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
