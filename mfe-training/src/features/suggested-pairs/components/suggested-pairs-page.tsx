import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useParams } from 'react-router-dom';
import { suggestedPairEndpoints } from 'shared-sdk';
import type { SuggestedPair } from 'shared-sdk/schemas';
import { Alert, Button, Card, Loading, Muted, Stack, addTranslations, useToast } from 'shared-ui';
import { LoadFailed, apiErrorMessage, useApiGet } from 'shared-ui/controls';
import { AiTrainingLayout } from '../../../components/ai-training-layout';
import { acceptSuggestedPair, dismissSuggestedPair } from '../api/suggested-pairs-api';
import en from '../en-US.json';
import { SuggestedPairCard } from './suggested-pair-card';

addTranslations('suggested-pairs', en);

/** Suggestions shown at once: the most a team reviews in one sitting. */
const suggestionsShown = 50;

const List = styled.ol`
  display: grid;
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/**
 * /dashboard/:workspaceId/ai-training?tab=suggested: new pairs proposed from what agents answered
 * in the conversations they resolved, grouped by meaning (the server groups them). An admin
 * accepts one as it is or edited (a pair at once), or dismisses it for good.
 */
export function SuggestedPairsPage() {
  const { t } = useTranslation('suggested-pairs');
  const { t: tCommon } = useTranslation('common');
  const { workspaceId = '' } = useParams();
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { state, retry, setData } = useApiGet(suggestedPairEndpoints.list, {
    workspaceId,
    limit: suggestionsShown,
  });

  /** Drops the suggestion from the list at once; the server's list agrees at the next load. */
  function drop(suggestion: SuggestedPair) {
    // Its controls go with it: focus returns to the page's heading.
    headingRef.current?.focus();
    setData((data) => ({
      ...data,
      suggestions: data.suggestions.filter((each) => each.sourceIds[0] !== suggestion.sourceIds[0]),
    }));
  }

  async function accept(suggestion: SuggestedPair, pair: { question: string; answer: string }) {
    try {
      await acceptSuggestedPair({ workspaceId, sourceIds: suggestion.sourceIds, ...pair });
      drop(suggestion);
      toast.success(t('accepted', { question: pair.question }));
    } catch (failure) {
      toast.error(apiErrorMessage(tCommon, failure, t('acceptFailed')));
    }
  }

  async function dismiss(suggestion: SuggestedPair) {
    try {
      await dismissSuggestedPair(workspaceId, suggestion.sourceIds);
      drop(suggestion);
      toast.success(t('dismissed', { question: suggestion.question }));
    } catch (failure) {
      toast.error(apiErrorMessage(tCommon, failure, t('dismissFailed')));
    }
  }

  return (
    <AiTrainingLayout tab="suggested" headingRef={headingRef}>
      <Stack $gap={4}>
        <h2>{t('heading')}</h2>
        <Muted>{t('intro')}</Muted>
        <div>
          <Button type="button" $variant="secondary" onClick={retry}>
            {t('refresh')}
          </Button>
        </div>
        {state.status === 'loading' ? <Loading label={t('loading')} /> : null}
        {state.status === 'failed' ? (
          <LoadFailed message={t('loadFailed')} onRetry={retry} />
        ) : null}
        {state.status === 'loaded' && state.data.suggestions.length === 0 ? (
          <Card>
            <h3>{t('emptyTitle')}</h3>
            <Muted>{t('emptyBody')}</Muted>
          </Card>
        ) : null}
        {state.status === 'loaded' && state.data.suggestions.length > 0 ? (
          <List aria-label={t('heading')}>
            {state.data.suggestions.map((suggestion) => (
              <li key={suggestion.sourceIds[0]}>
                <SuggestedPairCard
                  suggestion={suggestion}
                  onAccept={(pair) => accept(suggestion, pair)}
                  onDismiss={() => void dismiss(suggestion)}
                />
              </li>
            ))}
          </List>
        ) : null}
        {state.status === 'loaded' && state.data.truncated ? (
          <Alert tone="info">{t('truncated', { count: state.data.suggestions.length })}</Alert>
        ) : null}
      </Stack>
    </AiTrainingLayout>
  );
}
