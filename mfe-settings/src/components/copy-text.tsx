import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Muted } from 'shared-ui';
import { settingsNamespace } from '../i18n/settings-translations';

const Text = styled.textarea`
  width: 100%;
  padding: 12px;
  font:
    0.875rem/1.5 ui-monospace,
    SFMono-Regular,
    Menlo,
    monospace;
  color: ${({ theme }) => theme.colors.textPrimary};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.md};
  resize: vertical;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-top: 8px;
`;

/**
 * Read-only text with a Copy button. A clipboard the browser refuses (no permission, an
 * insecure page) leaves the text selected instead, so the keyboard shortcut copies it.
 */
export function CopyText({
  label,
  text,
  rows = 2,
}: {
  label: string;
  text: string;
  rows?: number;
}) {
  const { t } = useTranslation(settingsNamespace);
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'refused'>('idle');

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      ref.current?.focus();
      ref.current?.select();
      setState('refused');
    }
  }

  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <Text
        id={id}
        ref={ref}
        readOnly
        rows={rows}
        value={text}
        onFocus={(e) => e.target.select()}
      />
      <Row>
        <Button type="button" $variant="secondary" onClick={() => void copy()}>
          {t('copy.copy')}
        </Button>
        <span role="status">
          {state === 'copied' ? t('copy.copied') : null}
          {state === 'refused' ? <Muted as="span">{t('copy.refused')}</Muted> : null}
        </span>
      </Row>
    </div>
  );
}
