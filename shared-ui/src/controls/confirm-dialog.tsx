import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Button, Spinner } from 'shared-ui';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  /* darkNavy at 60 % opacity, in both colour modes. */
  background: ${({ theme }) => theme.colors.backdrop};
`;

const Panel = styled.div`
  width: 100%;
  max-width: 480px;
  max-height: calc(100vh - 32px);
  overflow-y: auto;
  padding: 24px;
  display: grid;
  gap: 16px;
  color: ${({ theme }) => theme.colors.textPrimary};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.lg};
  h2 {
    margin: 0;
    font-size: 1.25rem;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
  button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.6;
  }
`;

const DangerButton = styled(Button)`
  background: ${({ theme }) => theme.colors.red};
  border-color: ${({ theme }) => theme.colors.red};
  color: ${({ theme }) => theme.colors.onPrimary};
`;

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children?: ReactNode;
  /** Says what the action does ("Remove Ada Lovelace"), never just "OK". */
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /**
   * The action is running: both buttons ignore clicks and Escape does nothing. They stay
   * focusable (aria-disabled, not disabled) so focus is not lost while the dialog waits.
   */
  busy?: boolean;
  busyLabel?: string;
  /** Styles the confirm button as destructive. */
  destructive?: boolean;
  /** Why the action failed, shown inside the dialog. */
  error?: ReactNode;
  /** Where focus goes on opening instead of the cancel button: a field the action needs. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * A modal confirmation (WAI-ARIA alertdialog). Focus moves to the cancel button, the least
 * destructive choice (or to the field the action needs, `initialFocusRef`); Tab stays inside; Escape or a click on the backdrop cancels; focus returns
 * to where it was when the dialog closes. The rest of the page is made inert while it is open.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return props.open ? createPortal(<OpenDialog {...props} />, document.body) : null;
}

function OpenDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
  busyLabel,
  destructive = false,
  error,
  initialFocusRef,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement;
    const backdrop = panelRef.current?.parentElement;
    // Everything else on the page stops taking focus and clicks until the dialog closes.
    const madeInert = Array.from(document.body.children).filter(
      (element) => element !== backdrop && !element.hasAttribute('inert'),
    );
    for (const element of madeInert) element.setAttribute('inert', '');
    (initialFocusRef?.current ?? cancelRef.current)?.focus();
    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
    // Only on opening: later renders must not pull focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(focusableSelector));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const ConfirmButton = destructive ? DangerButton : Button;
  return (
    <Backdrop
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <Panel
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        aria-busy={busy}
        onKeyDown={handleKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {children ? <div id={bodyId}>{children}</div> : null}
        {error ? <div role="alert">{error}</div> : null}
        <Actions>
          <Button
            ref={cancelRef}
            type="button"
            $variant="secondary"
            aria-disabled={busy || undefined}
            onClick={() => !busy && onCancel()}
          >
            {cancelLabel}
          </Button>
          <ConfirmButton
            type="button"
            aria-disabled={busy || undefined}
            onClick={() => !busy && onConfirm()}
          >
            {busy ? <Spinner /> : null}
            {busy && busyLabel ? busyLabel : confirmLabel}
          </ConfirmButton>
        </Actions>
      </Panel>
    </Backdrop>
  );
}
