import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { call, copilotEndpoints, type CopilotDraft } from 'shared-sdk';
import { Alert, Button, Muted, Spinner, VisuallyHidden } from 'shared-ui';
import { apiErrorMessage } from 'shared-ui/controls';

type Action = 'draft' | 'summarize' | 'shorter' | 'friendlier';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/**
 * The copilot's language-model actions, offered only when one is set up: a reply drafted from
 * the conversation and its retrieved training (inserted for the agent to edit), a summary kept
 * as a private note, and the agent's own reply made shorter or friendlier. Each shows its
 * progress and says clearly when the model failed or took too long.
 */
export function AssistantActions({
  workspaceId,
  conversationId,
  replyText,
  onInsert,
  onReplace,
}: {
  workspaceId: string;
  conversationId: string;
  /** What the agent has written so far. */
  replyText: () => string;
  onInsert: (text: string) => void;
  onReplace: (text: string) => void;
}) {
  const { t } = useTranslation('copilot');
  const { t: tCommon } = useTranslation('common');
  const [busy, setBusy] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [sources, setSources] = useState<CopilotDraft['sources']>([]);
  const ref = { workspaceId, conversationId };

  async function run(action: Action) {
    if (busy) return;
    const written = replyText().trim();
    if ((action === 'shorter' || action === 'friendlier') && !written) {
      setFailure(t('assistant.writeFirst'));
      return;
    }
    setBusy(action);
    setFailure(null);
    setDone('');
    try {
      if (action === 'draft') {
        const draft = await call(copilotEndpoints.draft, ref);
        setSources(draft.sources);
        onInsert(draft.text);
        setDone(t('assistant.drafted'));
      } else if (action === 'summarize') {
        await call(copilotEndpoints.summarize, ref);
        setDone(t('assistant.summarized'));
      } else {
        const { text } = await call(copilotEndpoints.rewrite, {
          ...ref,
          text: written,
          style: action,
        });
        onReplace(text);
        setDone(t('assistant.rewritten'));
      }
    } catch (error) {
      setFailure(apiErrorMessage(tCommon, error, t('assistant.failed')));
    } finally {
      setBusy(null);
    }
  }

  const button = (action: Action) => (
    <Button
      type="button"
      $variant="secondary"
      disabled={busy !== null}
      aria-busy={busy === action}
      onClick={() => void run(action)}
    >
      {busy === action ? <Spinner /> : null}
      {t(busy === action ? `assistant.busy.${action}` : `assistant.${action}`)}
    </Button>
  );

  return (
    <>
      <Row>
        {button('draft')}
        {button('summarize')}
        {button('shorter')}
        {button('friendlier')}
      </Row>
      {sources.length > 0 ? (
        <Muted>
          {t('assistant.sources')}{' '}
          {sources.map((source, n) => `[${n + 1}] ${source.label}`).join(' · ')}
        </Muted>
      ) : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <VisuallyHidden role="status">{done}</VisuallyHidden>
    </>
  );
}
