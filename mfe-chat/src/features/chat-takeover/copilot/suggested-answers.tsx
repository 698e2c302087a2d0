import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { copilotEndpoints, type CopilotSuggestion } from 'shared-sdk';
import { addTranslations, Button, Muted, VisuallyHidden } from 'shared-ui';
import { useApiGet } from 'shared-ui/controls';
import en from '../copilot.en-US.json';
import { AssistantActions } from './assistant-actions';

addTranslations('copilot', en);

/** Where the page's shortcut moves focus: the panel's first "Insert". */
export const suggestedAnswersId = 'suggested-answers';

const Panel = styled.section`
  display: grid;
  gap: 8px;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.md};
  h4 {
    margin: 0;
    font-size: 0.9375rem;
  }
  p {
    margin: 0;
  }
`;

const List = styled.ul`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: grid;
  gap: 6px;
  padding: 10px 12px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-size: 0.875rem;
  strong {
    overflow-wrap: anywhere;
  }
  > button {
    margin-left: auto;
  }
`;

const Answer = styled.p`
  font-size: 0.875rem;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.textPrimary};
`;

/** What the suggestion comes from; outlined, so it reads on the panel in either mode. */
const Kind = styled.span`
  padding: 1px 8px;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 0.8125rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textPrimary};
`;

const Confidence = styled.span`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

function Suggestion({
  suggestion,
  onInsert,
}: {
  suggestion: CopilotSuggestion;
  onInsert: (text: string) => void;
}) {
  const { t } = useTranslation('copilot');
  const source = suggestion.label || t(`kinds.${suggestion.kind}`);
  return (
    <Item>
      <Head>
        <Kind>{t(`kinds.${suggestion.kind}`)}</Kind>
        <strong>
          {suggestion.url ? (
            <a href={suggestion.url} target="_blank" rel="noreferrer">
              {source}
              <VisuallyHidden> ({t('openPage')})</VisuallyHidden>
            </a>
          ) : (
            source
          )}
        </strong>
        <Confidence>
          {t(`confidence.${suggestion.level}`, {
            percent: Math.round(suggestion.confidence * 100),
          })}
        </Confidence>
        <Button
          type="button"
          $variant="secondary"
          aria-label={t('insertLabel', { source })}
          data-copilot-insert
          onClick={() => onInsert(suggestion.text)}
        >
          {t('insert')}
        </Button>
      </Head>
      <Answer>{suggestion.text}</Answer>
    </Item>
  );
}

/**
 * The copilot beside the reply box: up to three answers from the workspace's training to the
 * customer's latest question, as the bot ranks them, each with its source and how sure the bot
 * is. "Insert" puts the answer into the reply for the agent to edit; nothing is ever sent by
 * itself. Asked again whenever the customer writes; nothing is shown when nothing is relevant.
 */
export function SuggestedAnswers({
  workspaceId,
  conversationId,
  latestCustomerMessageId,
  onInsert,
  onReplace,
  replyText,
}: {
  workspaceId: string;
  conversationId: string;
  /** The customer's newest message: a new one asks again. */
  latestCustomerMessageId: string | undefined;
  onInsert: (text: string) => void;
  /** Puts a rewrite of the agent's reply in its place. */
  onReplace: (text: string) => void;
  replyText: () => string;
}) {
  const { t } = useTranslation('copilot');
  const { state, retry } = useApiGet(copilotEndpoints.suggestions, { workspaceId, conversationId });
  const [announced, setAnnounced] = useState('');
  const askedFor = useRef(latestCustomerMessageId);
  useEffect(() => {
    const previous = askedFor.current;
    askedFor.current = latestCustomerMessageId;
    // The first read of the messages is no new message: the server read them as they were.
    if (previous === undefined || previous === latestCustomerMessageId) return;
    retry();
    // retry is a new function each render; the message id is what asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [latestCustomerMessageId]);

  if (state.status === 'failed') {
    return (
      <Panel aria-labelledby={`${suggestedAnswersId}-title`} id={suggestedAnswersId}>
        <h4 id={`${suggestedAnswersId}-title`}>{t('title')}</h4>
        <Muted>{t('loadFailed')}</Muted>
        <div>
          <Button type="button" $variant="ghost" onClick={retry}>
            {t('retry')}
          </Button>
        </div>
      </Panel>
    );
  }
  if (state.status !== 'loaded') return null;
  const { question, suggestions, languageModel } = state.data;
  if (suggestions.length === 0 && !languageModel) return null;
  return (
    <Panel aria-labelledby={`${suggestedAnswersId}-title`} id={suggestedAnswersId}>
      <h4 id={`${suggestedAnswersId}-title`}>{t('title')}</h4>
      {languageModel ? (
        <AssistantActions
          workspaceId={workspaceId}
          conversationId={conversationId}
          replyText={replyText}
          onInsert={onInsert}
          onReplace={onReplace}
        />
      ) : null}
      {question && suggestions.length > 0 ? <Muted>{t('intro', { question })}</Muted> : null}
      {suggestions.length > 0 ? (
        <List>
          {suggestions.map((suggestion) => (
            <Suggestion
              key={`${suggestion.kind}:${suggestion.id}`}
              suggestion={suggestion}
              onInsert={(text) => {
                onInsert(text);
                setAnnounced(t('inserted'));
              }}
            />
          ))}
        </List>
      ) : null}
      <VisuallyHidden role="status">{announced}</VisuallyHidden>
    </Panel>
  );
}
