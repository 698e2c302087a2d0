import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Spinner, useToast } from 'shared-ui';
import { apiErrorMessage } from 'shared-ui/controls';
import { takeOverConversation } from '../api/conversation-api';

/**
 * "Take over": the current user joins the conversation's agents and the bot stops answering
 * (POST /api/user/take-over-conversation). The live conversation then lists them in agentIds.
 */
export function TakeOver({
  workspaceId,
  conversationId,
  takenOver,
}: {
  workspaceId: string;
  conversationId: string;
  /** The current user is one of the conversation's agents. */
  takenOver: boolean;
}) {
  const { t } = useTranslation('conversation');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function takeOver() {
    setBusy(true);
    try {
      // The badge that replaces the button says it worked.
      await takeOverConversation({ workspaceId, conversationId });
    } catch (failure) {
      toast.error(apiErrorMessage(tCommon, failure, t('takeOver.failed')));
    }
    setBusy(false);
  }

  if (takenOver) return <Badge $tone="open">{t('takeOver.youAnswer')}</Badge>;
  return (
    <Button type="button" disabled={busy} onClick={() => void takeOver()}>
      {busy ? <Spinner /> : null}
      {busy ? t('takeOver.busy') : t('takeOver.button')}
    </Button>
  );
}
