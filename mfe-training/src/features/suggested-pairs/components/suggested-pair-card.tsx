import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { SuggestedPair } from 'shared-sdk/schemas';
import { Button, Card, Muted, Spinner } from 'shared-ui';
import { FormattedDateTime, TextAreaField, TextField } from 'shared-ui/controls';

const Suggestion = styled(Card)`
  display: grid;
  gap: 12px;
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
 * One suggested pair: how often it was answered, its other wordings, and the question and answer
 * proposed, both editable before it is accepted.
 */
export function SuggestedPairCard({
  suggestion,
  onAccept,
  onDismiss,
}: {
  suggestion: SuggestedPair;
  /** Resolves once added; rejects with what went wrong. */
  onAccept: (pair: { question: string; answer: string }) => Promise<void>;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('suggested-pairs');
  const [values, setValues] = useState({
    question: suggestion.question,
    answer: suggestion.answer,
  });
  const [errors, setErrors] = useState<{ question?: string; answer?: string }>({});
  const [busy, setBusy] = useState(false);
  const key = suggestion.sourceIds[0]!;

  async function accept() {
    const typed = { question: values.question.trim(), answer: values.answer.trim() };
    const found = {
      ...(typed.question ? {} : { question: t('questionRequired') }),
      ...(typed.answer ? {} : { answer: t('answerRequired') }),
    };
    setErrors(found);
    if (found.question || found.answer) {
      document.getElementById(`${key}-${found.question ? 'question' : 'answer'}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onAccept(typed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Suggestion as="article" aria-label={suggestion.question}>
      <h3>{suggestion.question}</h3>
      <Muted>
        {t('asked', { count: suggestion.count })} · {t('lastAnswered')}{' '}
        <FormattedDateTime timestamp={suggestion.latestAnsweredAt} />
      </Muted>
      {suggestion.examples.length > 0 ? (
        <>
          <Muted>{t('alsoAsked')}:</Muted>
          <ul>
            {suggestion.examples.map((example) => (
              <li key={example}>{example}</li>
            ))}
          </ul>
        </>
      ) : null}
      <TextField
        id={`${key}-question`}
        label={t('question')}
        name="question"
        value={values.question}
        error={errors.question}
        readOnly={busy}
        onChange={(event) => setValues({ ...values, question: event.target.value })}
      />
      <TextAreaField
        id={`${key}-answer`}
        label={t('answer')}
        name="answer"
        rows={4}
        value={values.answer}
        error={errors.answer}
        readOnly={busy}
        onChange={(event) => setValues({ ...values, answer: event.target.value })}
      />
      <Row>
        <Button
          type="button"
          disabled={busy}
          aria-label={t('acceptLabel', { question: suggestion.question })}
          onClick={() => void accept()}
        >
          {busy ? <Spinner /> : null}
          {busy ? t('accepting') : t('accept')}
        </Button>
        <Button
          type="button"
          $variant="secondary"
          disabled={busy}
          aria-label={t('dismissLabel', { question: suggestion.question })}
          onClick={onDismiss}
        >
          {t('dismiss')}
        </Button>
      </Row>
    </Suggestion>
  );
}
