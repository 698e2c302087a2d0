import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { dashboardPaths, type Conversation } from 'shared-sdk';
import { playAlertSound, showNotification } from './new-customer-alerts';
import '../../i18n/dashboard';

const previewLength = 140;

/**
 * Alerts the agent (notification, sound) for each conversation that becomes pending while the
 * dashboard is open. What was pending when the list was first read is not news: no alert for it.
 */
export function useNewPendingAlerts(workspaceId: string, pending: Conversation[], live: boolean) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const known = useRef<{ workspaceId: string; ids: Set<string> } | null>(null);

  useEffect(() => {
    if (!live) return;
    const ids = new Set(pending.map((conversation) => conversation.id));
    const before = known.current;
    known.current = { workspaceId, ids };
    if (before?.workspaceId !== workspaceId) return;
    const arrived = pending.filter((conversation) => !before.ids.has(conversation.id));
    if (arrived.length === 0) return;
    playAlertSound();
    for (const conversation of arrived) {
      const { firstName, lastName } = conversation.customer;
      const name = [firstName, lastName]
        .map((part) => part.trim())
        .filter(Boolean)
        .join(' ');
      // What the customer said last; the bot's handoff line says nothing new.
      const { lastMessage } = conversation;
      const said = lastMessage?.role === 'user' ? lastMessage.content.trim() : '';
      showNotification({
        conversationId: conversation.id,
        title: t('dashboard.pending.notificationTitle', {
          name: name || t('dashboard.pending.anonymous'),
        }),
        body:
          said.length > previewLength
            ? `${said.slice(0, previewLength - 1)}…`
            : said || t('dashboard.pending.notificationBody'),
        open: () =>
          navigate(
            dashboardPaths['dashboard-workspaceId-chat-takeover-conversationId'].getHref({
              workspaceId,
              conversationId: conversation.id,
            }),
          ),
      });
    }
  }, [workspaceId, pending, live, t, navigate]);
}
