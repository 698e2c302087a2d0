import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { up } from '../theme/tokens';

export type ToastTone = 'success' | 'error' | 'info';

/** A place the outcome leads to (the ticket just created). */
export interface ToastLink {
  label: string;
  to: string;
}

interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
  link?: ToastLink;
}

/** Reports the outcome of an action (product-spec.md §8: every store action ends done or error). */
export interface Toaster {
  success(message: string, link?: ToastLink): void;
  error(message: string): void;
  info(message: string): void;
}

/** How long a toast stays untouched; an error needs reading, so it stays longer. */
export const toastDurations: Record<ToastTone, number> = {
  success: 5_000,
  info: 5_000,
  error: 10_000,
};

/** More at once would cover the page; the oldest leaves first. */
export const maxToasts = 3;

const ToastContext = createContext<Toaster | null>(null);

/** The page's one toast stack; the shell provides it to every remote's pages. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const toaster = useMemo<Toaster>(() => {
    const show = (tone: ToastTone) => (message: string, link?: ToastLink) => {
      const id = ++nextId.current;
      // The same text again (a double click, a retried save) refreshes its toast rather than
      // stacking a copy of it.
      setToasts((current) =>
        [
          ...current.filter((toast) => toast.message !== message),
          { id, tone, message, link },
        ].slice(-maxToasts),
      );
    };
    return { success: show('success'), error: show('error'), info: show('info') };
  }, []);

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

/** The page's toasts, for reporting what an action did. */
export function useToast(): Toaster {
  const toaster = useOptionalToast();
  if (!toaster) throw new Error('useToast needs a ToastProvider above it');
  return toaster;
}

/** The toasts, where a component also works without them (a form that may report inline). */
export const useOptionalToast = (): Toaster | null => useContext(ToastContext);

const Stack = styled.section`
  position: fixed;
  z-index: 200;
  left: 8px;
  right: 8px;
  bottom: 8px;
  display: flex;
  flex-direction: column;
  gap: 8px;
  pointer-events: none;
  ${up('sm')} {
    left: auto;
    right: 24px;
    bottom: 24px;
    width: 380px;
  }
`;

const Card = styled.div<{ $tone: ToastTone }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 12px 12px 12px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-left: 6px solid
    ${({ theme, $tone }) =>
      $tone === 'success'
        ? theme.colors.green
        : $tone === 'error'
          ? theme.colors.red
          : theme.colors.primaryBlue};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.textPrimary};
  box-shadow: 0 8px 24px rgb(11 26 51 / 24%);
  overflow-wrap: anywhere;
  > div {
    flex: 1;
    display: grid;
    gap: 4px;
  }
  p {
    margin: 0;
  }
  a {
    justify-self: start;
    color: ${({ theme }) => theme.colors.primaryBlue};
    font-weight: 600;
  }
`;

const CloseButton = styled.button`
  flex: none;
  min-width: 32px;
  min-height: 32px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textPrimary};
  font-size: 1.25rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.lightGrey200};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 1px;
  }
`;

function ToastViewport({
  toasts,
  onDismiss,
}: {
  toasts: Toast[];
  onDismiss: (id: number) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Stack aria-label={t('toasts.label')}>
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </Stack>
  );
}

/**
 * One toast: it leaves after its time, but the clock stops while the pointer is over it or
 * focus is inside it (product-spec.md §9: pauses on hover) and resumes with the time that was left.
 */
function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { t } = useTranslation('common');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(toastDurations[toast.tone]);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return undefined;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id, onDismiss]);

  return (
    <Card
      $tone={toast.tone}
      // Errors interrupt (alert); the rest wait their turn (status). Neither takes focus.
      role={toast.tone === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      data-testid="toast"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div>
        <p>{toast.message}</p>
        {toast.link ? <Link to={toast.link.to}>{toast.link.label}</Link> : null}
      </div>
      <CloseButton type="button" aria-label={t('toasts.close')} onClick={() => onDismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </CloseButton>
    </Card>
  );
}
