import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  Alert,
  Button,
  Card,
  Muted,
  Spinner,
  Stack,
  VisuallyHidden,
  addTranslations,
} from 'shared-ui';
import { TextField, apiErrorMessage, useSchemaForm } from 'shared-ui/controls';
import { AiTrainingLayout } from '../../../components/ai-training-layout';
import { InlineForm } from '../../../components/inline-form';
import { askBot } from '../api/bot-preview-api';
import { triesKept, useBotTries } from '../hooks/use-bot-tries';
import en from '../en-US.json';
import { BotAnswer } from './bot-answer';

addTranslations('bot-preview', en);

const Heading = styled.h2`
  margin: 0;
  font-size: 1.25rem;
`;

const Tries = styled.ol`
  display: grid;
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Try = styled(Card)`
  display: grid;
  gap: 12px;
  min-width: 0;
  h3 {
    margin: 0;
    font-size: 1.0625rem;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
  }
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

/**
 * /dashboard/:workspaceId/ai-training?tab=try: ask a question as a customer would and see what
 * the bot would answer, without a conversation. The last few tries stay below, newest first.
 */
export function BotPreviewPage() {
  const { t } = useTranslation('bot-preview');
  const { t: tCommon } = useTranslation('common');
  const { workspaceId = '' } = useParams();
  const formTitleId = useId();
  const triesTitleId = useId();
  const { tries, add, clear } = useBotTries(workspaceId);
  const { state, field, handleSubmit } = useSchemaForm({
    schema: () => import('shared-sdk/schemas').then((schemas) => schemas.botPreviewRequestSchema),
    initialValues: { question: '' },
    toInput: (values) => ({ workspaceId, question: values.question }),
    describeFailure: (error) => ({ message: apiErrorMessage(tCommon, error, t('failed')) }),
    send: async (request) => {
      const preview = await askBot(request);
      add(request.question, preview);
      return preview;
    },
    valuesAfterSuccess: () => ({ question: '' }),
  });
  const asking = state.status === 'submitting';
  const latest = tries[0];

  return (
    <AiTrainingLayout tab="try">
      <Stack $gap={6}>
        <Stack as="section" $gap={4} aria-labelledby={formTitleId}>
          <Heading id={formTitleId}>{t('title')}</Heading>
          <Muted>{t('intro')}</Muted>
          <InlineForm noValidate onSubmit={handleSubmit} aria-busy={asking}>
            <TextField
              label={t('question')}
              hint={t('questionHint')}
              autoComplete="off"
              {...field('question')}
            />
            <Button type="submit" disabled={asking}>
              {asking ? <Spinner /> : null}
              {asking ? t('asking') : t('ask')}
            </Button>
          </InlineForm>
          {state.status === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
        </Stack>
        <VisuallyHidden role="status">
          {state.status === 'succeeded' && latest ? t(`announce.${latest.preview.kind}`) : null}
        </VisuallyHidden>
        {tries.length > 0 ? (
          <Stack as="section" $gap={4} aria-labelledby={triesTitleId}>
            <Header>
              <Heading id={triesTitleId}>{t('tries.title')}</Heading>
              <Button type="button" $variant="ghost" onClick={clear}>
                {t('tries.clear')}
              </Button>
            </Header>
            <Muted>{t('tries.note', { count: triesKept })}</Muted>
            <Tries>
              {tries.map((entry) => (
                <li key={entry.id}>
                  <Try as="article" aria-labelledby={`bot-try-${entry.id}`}>
                    <h3 id={`bot-try-${entry.id}`}>{entry.question}</h3>
                    <BotAnswer preview={entry.preview} />
                  </Try>
                </li>
              ))}
            </Tries>
          </Stack>
        ) : null}
      </Stack>
    </AiTrainingLayout>
  );
}
