import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { widgetChatbotOf, type Chatbot, type Workspace } from 'shared-sdk';
import { useLiveDocs } from 'shared-sdk/live';
import { addTranslations, Loading, Muted, up, usePageTitle } from 'shared-ui';
import { LoadFailed, PageHeader } from 'shared-ui/controls';
import { PageBody, SectionCard } from '../../../components/settings-page';
import en from '../en-US.json';
import { ChatbotForm } from './chatbot-form';
import { previewChatbotOf, type ChatbotFormValues } from './chatbot-form-values';
import { WidgetPreview } from './widget-preview';

addTranslations('customize', en);

// The form and the preview side by side where there is room for both.
const Body = styled(PageBody)`
  max-width: 1240px;
`;
const Columns = styled.div`
  display: grid;
  gap: 24px;
  align-items: start;
  ${up('xl')} {
    grid-template-columns: minmax(0, 1fr) 380px;
  }
`;

/**
 * /dashboard/:workspaceId/settings/customize: the workspace's first chatbot (the one the widget
 * shows unless told another), its settings beside the real chat window previewing them.
 */
export function CustomizePage() {
  const { t } = useTranslation('customize');
  usePageTitle(t('title'));
  const { workspaceId = '' } = useParams();
  const chatbots = useLiveDocs<Chatbot>({ collection: 'chatbots', workspaceId });
  const workspaces = useLiveDocs<Workspace>({ collection: 'workspaces', workspaceId });
  const chatbot = chatbots.docs[0];
  const workspace = workspaces.docs.find((doc) => doc.id === workspaceId);
  const loading = chatbots.status === 'loading' || workspaces.status === 'loading';
  const failed = chatbots.status === 'error' || workspaces.status === 'error';

  return (
    <Body>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div aria-busy={loading}>
        {loading ? <Loading label={t('loading')} /> : null}
        {failed ? (
          <LoadFailed
            message={t('loadFailed')}
            onRetry={() => {
              chatbots.retry();
              workspaces.retry();
            }}
          />
        ) : null}
        {!loading && !failed && !chatbot ? <Muted>{t('noChatbot')}</Muted> : null}
      </div>
      {chatbot && workspace ? (
        // Keyed by the saved values: a change saved elsewhere refills the form.
        <Customize
          key={chatbot.updatedAt}
          workspaceId={workspaceId}
          chatbot={chatbot}
          headerColor={workspace.backgroundColor}
        />
      ) : null}
    </Body>
  );
}

function Customize({
  workspaceId,
  chatbot,
  headerColor,
}: {
  workspaceId: string;
  chatbot: Chatbot;
  headerColor: string;
}) {
  const { t } = useTranslation('customize');
  const previewTitleId = useId();
  const [previewChatbot, setPreviewChatbot] = useState(() => widgetChatbotOf(chatbot, headerColor));
  // Stable, so the form's effect runs only when a value changes. Each setting keeps the last
  // whole value it had while it is half typed.
  const onDraft = useCallback(
    (draft: ChatbotFormValues) =>
      setPreviewChatbot((shown) => previewChatbotOf(draft, shown, headerColor)),
    [headerColor],
  );

  return (
    <Columns>
      <SectionCard>
        <ChatbotForm workspaceId={workspaceId} chatbot={chatbot} onDraft={onDraft} />
      </SectionCard>
      <SectionCard as="section" aria-labelledby={previewTitleId}>
        <h2 id={previewTitleId}>{t('preview.title')}</h2>
        <Muted>{t('preview.lead')}</Muted>
        <WidgetPreview chatbot={previewChatbot} />
      </SectionCard>
    </Columns>
  );
}
