import { useTranslation } from 'react-i18next';
import { Button, Muted, usePageTitle } from 'shared-ui';
import { SectionCard } from '../../../components/chat-page';
import { ConversationPane } from './split-view';

/** The middle pane before a conversation is opened (shown from lg; below it the list is alone). */
export function NoConversationOpen({
  pendingCount,
  onNextPending,
}: {
  pendingCount: number;
  /** Opens the next pending conversation; undefined when none waits. */
  onNextPending: (() => void) | undefined;
}) {
  const { t } = useTranslation('chat-takeover');
  usePageTitle(t('title'));
  return (
    <ConversationPane $shownNarrow={false} aria-labelledby="none-open-title">
      <SectionCard>
        <h2 id="none-open-title">{t('noneOpen.title')}</h2>
        <Muted>
          {pendingCount > 0 ? t('noneOpen.waiting', { count: pendingCount }) : t('noneOpen.body')}
        </Muted>
        {onNextPending ? (
          <div>
            <Button type="button" onClick={onNextPending}>
              {t('noneOpen.nextPending')}
            </Button>
          </div>
        ) : null}
      </SectionCard>
    </ConversationPane>
  );
}
