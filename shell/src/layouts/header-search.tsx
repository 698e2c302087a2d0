import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { dashboardPaths } from 'shared-sdk';
import { VisuallyHidden } from 'shared-ui';
import '../i18n/dashboard';

const Form = styled.form`
  display: flex;
  flex: 1 1 220px;
  max-width: 360px;
  input {
    width: 100%;
    min-height: 40px;
    padding: 0 12px;
    font: inherit;
    color: ${({ theme }) => theme.colors.textPrimary};
    background: ${({ theme }) => theme.colors.background};
    border: 1px solid ${({ theme }) => theme.colors.stroke};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  input::placeholder {
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

/** Where typing "/" means the character, not "go to search". */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The header's search field (issue 44): on every page of a workspace; "/" anywhere outside a
 * field focuses it, and Enter opens the results page with the words in its address.
 */
export function HeaderSearch({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [words, setWords] = useState('');
  const id = useId();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || document.querySelector('[role="alertdialog"]')) return;
      event.preventDefault();
      inputRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const q = words.trim();
        if (!q) return;
        navigate(
          dashboardPaths['dashboard-workspaceId-search'].getHref(
            { workspaceId },
            `?q=${encodeURIComponent(q)}`,
          ),
        );
      }}
    >
      <VisuallyHidden as="label" htmlFor={id}>
        {t('dashboard.search.label')}
      </VisuallyHidden>
      <input
        ref={inputRef}
        id={id}
        type="search"
        name="q"
        maxLength={1000}
        aria-keyshortcuts="/"
        placeholder={t('dashboard.search.placeholder')}
        value={words}
        onChange={(event) => setWords(event.target.value)}
      />
    </Form>
  );
}
