import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AiTrainingQna, CreateAiTrainingQnaRequest } from 'shared-sdk/schemas';
import { Button, Spinner } from 'shared-ui';
import { TextAreaField, TextField, apiErrorMessage, useSchemaForm } from 'shared-ui/controls';
import { createQna, updateQna } from '../api/qnas-api';
import { parseTopics } from '../utils/qnas-view';

const Form = styled.form`
  display: grid;
  gap: 20px;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

const Suggestions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const Chip = styled.button`
  min-height: 32px;
  padding: 0 12px;
  font: inherit;
  color: ${({ theme }) => theme.colors.textPrimary};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.pill};
  cursor: pointer;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

type Field = 'question' | 'answer' | 'topicIds';

/** The text the fields hold for a pair (topics comma-separated), or blank for a new one. */
const valuesOf = (qna?: AiTrainingQna, question = ''): Record<Field, string> => ({
  question: qna?.question ?? question,
  answer: qna?.answer ?? '',
  topicIds: qna?.topicIds.join(', ') ?? '',
});

/**
 * Adds a pair, or changes `qna`. Checked with the API's own schema (product-spec.md §7); topics are typed
 * comma-separated, with the workspace's recent topics a click away.
 */
export function QnaForm({
  workspaceId,
  qna,
  initialQuestion,
  topics,
  onSaved,
  onCancel,
}: {
  workspaceId: string;
  qna?: AiTrainingQna;
  /** A new pair's question, prefilled (a customer's question the bot handed over). */
  initialQuestion?: string;
  /** The workspace's topics, most recently used first. */
  topics: readonly string[];
  /** Told once a save succeeded (an edited pair's form closes then). */
  onSaved?: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('qnas');
  const { t: tCommon } = useTranslation('common');
  const titleId = useId();
  const { values, state, field, setValue, handleSubmit } = useSchemaForm({
    schema: () =>
      import('shared-sdk/schemas').then((schemas) => schemas.createAiTrainingQnaRequestSchema),
    initialValues: valuesOf(qna, initialQuestion),
    toInput: (typed): CreateAiTrainingQnaRequest => ({
      workspaceId,
      question: typed.question,
      answer: typed.answer,
      topicIds: parseTopics(typed.topicIds),
    }),
    describeFailure: (error) => ({ message: apiErrorMessage(tCommon, error, t('form.failed')) }),
    send: async (request) => {
      const saved = qna ? await updateQna({ ...request, qnaId: qna.id }) : await createQna(request);
      onSaved?.();
      return saved;
    },
    reportDone: (saved, toast) =>
      toast.success(t(qna ? 'form.saved' : 'form.created', { question: saved.question })),
    valuesAfterSuccess: () => valuesOf(),
  });

  const chosen = parseTopics(values.topicIds).map((topic) => topic.toLowerCase());
  const suggestions = topics.filter((topic) => !chosen.includes(topic.toLowerCase())).slice(0, 8);
  const submitting = state.status === 'submitting';

  return (
    <Form noValidate aria-labelledby={titleId} onSubmit={handleSubmit} aria-busy={submitting}>
      <h2 id={titleId}>{qna ? t('form.editTitle') : t('form.newTitle')}</h2>
      <TextField label={t('form.question')} hint={t('form.questionHint')} {...field('question')} />
      <TextAreaField
        label={t('form.answer')}
        hint={t('form.answerHint')}
        rows={4}
        {...field('answer')}
      />
      <TextField label={t('form.topics')} hint={t('form.topicsHint')} {...field('topicIds')} />
      {suggestions.length > 0 ? (
        <Suggestions role="group" aria-label={t('form.suggestions')}>
          <span aria-hidden="true">{t('form.suggestions')}:</span>
          {suggestions.map((topic) => (
            <Chip
              key={topic}
              type="button"
              aria-label={t('form.addTopic', { topic })}
              onClick={() =>
                setValue('topicIds', [...parseTopics(values.topicIds), topic].join(', '))
              }
            >
              + {topic}
            </Chip>
          ))}
        </Suggestions>
      ) : null}
      <Actions>
        <Button type="submit" disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? t('form.saving') : t('form.save')}
        </Button>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
      </Actions>
    </Form>
  );
}
