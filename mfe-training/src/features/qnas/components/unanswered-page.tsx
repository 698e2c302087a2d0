import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { unansweredQuestionEndpoints } from 'shared-sdk';
import type { UnansweredQuestionGroup } from 'shared-sdk/schemas';
import { Alert, Button, Card, Loading, Muted, Stack, addTranslations, useToast } from 'shared-ui';
import {
  FormattedDateTime,
  LoadFailed,
  SelectField,
  apiErrorMessage,
  useApiGet,
} from 'shared-ui/controls';
import { AiTrainingLayout } from '../../../components/ai-training-layout';
import { QnaForm } from './qna-form';
import { dismissUnanswered } from '../api/unanswered-api';
import qnasEn from '../en-US.json';
import en from '../unanswered.en-US.json';

addTranslations('unanswered', en);
// The pair form's own strings, whichever tab loaded first.
addTranslations('qnas', qnasEn);

/** Groups shown at once: the most a team works through in one sitting. */
const groupsShown = 50;

const Groups = styled.ol`
  display: grid;
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Group = styled(Card)`
  display: grid;
  gap: 8px;
  min-width: 0;
  h3 {
    margin: 0;
    font-size: 1.0625rem;
    overflow-wrap: anywhere;
  }
  ul {
    margin: 0;
    padding-left: 20px;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

/**
 * /dashboard/:workspaceId/ai-training?tab=unanswered: the customer questions the bot handed
 * over, grouped by meaning (the server groups them), with how often and when last asked. Each
 * group is a click from a new pair prefilled with its question; the group leaves the list once
 * the bot answers it, or when dismissed.
 */
export function UnansweredPage() {
  const { t } = useTranslation('unanswered');
  const { t: tCommon } = useTranslation('common');
  const { workspaceId = '' } = useParams();
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [order, setOrder] = useState<'newest' | 'count'>('newest');
  const [answering, setAnswering] = useState<string | null>(null);
  const { state, retry, setData } = useApiGet(unansweredQuestionEndpoints.list, {
    workspaceId,
    order,
    limit: groupsShown,
  });

  /** Drops the group from the list at once; the server's list agrees at the next load. */
  const drop = (group: UnansweredQuestionGroup) =>
    setData((data) => ({
      ...data,
      groups: data.groups.filter((each) => each.questionIds[0] !== group.questionIds[0]),
    }));

  async function dismiss(group: UnansweredQuestionGroup) {
    try {
      await dismissUnanswered(workspaceId, group.questionIds);
      // Its buttons go with it: focus returns to the page's heading.
      headingRef.current?.focus();
      drop(group);
      toast.success(t('dismissed', { question: group.question }));
    } catch (failure) {
      toast.error(apiErrorMessage(tCommon, failure, t('dismissFailed')));
    }
  }

  return (
    <AiTrainingLayout tab="unanswered" headingRef={headingRef}>
      <Stack $gap={4}>
        <h2>{t('heading')}</h2>
        <Muted>{t('intro')}</Muted>
        <Row>
          <SelectField
            label={t('order')}
            name="order"
            value={order}
            onChange={(event) => setOrder(event.target.value === 'count' ? 'count' : 'newest')}
          >
            <option value="newest">{t('newest')}</option>
            <option value="count">{t('mostAsked')}</option>
          </SelectField>
          <Button type="button" $variant="secondary" onClick={retry}>
            {t('refresh')}
          </Button>
        </Row>
        {state.status === 'loading' ? <Loading label={t('loading')} /> : null}
        {state.status === 'failed' ? (
          <LoadFailed message={t('loadFailed')} onRetry={retry} />
        ) : null}
        {state.status === 'loaded' && state.data.groups.length === 0 ? (
          <Card>
            <h3>{t('emptyTitle')}</h3>
            <Muted>{t('emptyBody')}</Muted>
          </Card>
        ) : null}
        {state.status === 'loaded' && state.data.groups.length > 0 ? (
          <Groups aria-label={t('heading')}>
            {state.data.groups.map((group) => {
              const key = group.questionIds[0]!;
              return (
                <li key={key}>
                  <Group as="article" aria-label={group.question}>
                    <h3>{group.question}</h3>
                    <Muted>
                      {t('asked', { count: group.count })} · {t('lastAsked')}{' '}
                      <FormattedDateTime timestamp={group.latestAskedAt} />
                    </Muted>
                    {group.examples.length > 0 ? (
                      <>
                        <Muted>{t('alsoAsked')}:</Muted>
                        <ul>
                          {group.examples.map((example) => (
                            <li key={example}>{example}</li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                    {answering === key ? (
                      <QnaForm
                        workspaceId={workspaceId}
                        initialQuestion={group.question}
                        topics={[]}
                        onSaved={() => {
                          setAnswering(null);
                          headingRef.current?.focus();
                          drop(group);
                        }}
                        onCancel={() => setAnswering(null)}
                      />
                    ) : (
                      <Row>
                        <Button
                          type="button"
                          aria-label={t('answerLabel', { question: group.question })}
                          onClick={() => setAnswering(key)}
                        >
                          {t('answer')}
                        </Button>
                        <Button
                          type="button"
                          $variant="secondary"
                          aria-label={t('dismissLabel', { question: group.question })}
                          onClick={() => void dismiss(group)}
                        >
                          {t('dismiss')}
                        </Button>
                      </Row>
                    )}
                  </Group>
                </li>
              );
            })}
          </Groups>
        ) : null}
        {state.status === 'loaded' && state.data.truncated ? (
          <Alert tone="info">{t('truncated', { count: state.data.groups.length })}</Alert>
        ) : null}
      </Stack>
    </AiTrainingLayout>
  );
}
