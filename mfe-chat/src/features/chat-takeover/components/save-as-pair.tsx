import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardPaths } from 'shared-sdk';
import { Button, Stack, useToast } from 'shared-ui';
import { ConfirmDialog, TextAreaField, TextField, apiErrorMessage } from 'shared-ui/controls';
import { createPairFromReply } from '../api/conversation-api';

/** Topics typed comma-separated, each once (as AI training's pair form reads them). */
function parseTopics(text: string): string[] {
  const topics: string[] = [];
  for (const part of text.split(',')) {
    const topic = part.trim();
    if (topic && !topics.some((known) => known.toLowerCase() === topic.toLowerCase())) {
      topics.push(topic);
    }
  }
  return topics;
}

/**
 * "Save as Q&A" under an agent's reply to a customer's question: a form prefilled with the
 * question and the reply (both editable) and topics, which adds a pair to the bot's training,
 * so the bot answers that question itself next time.
 */
export function SaveAsPair({
  workspaceId,
  question,
  answer,
}: {
  workspaceId: string;
  question: string;
  answer: string;
}) {
  const { t } = useTranslation('conversation');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ question, answer, topics: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  function start() {
    setValues({ question, answer, topics: '' });
    setError(undefined);
    setOpen(true);
  }

  async function save() {
    const typed = { question: values.question.trim(), answer: values.answer.trim() };
    if (!typed.question || !typed.answer) {
      setError(t(typed.question ? 'saveAsPair.answerRequired' : 'saveAsPair.questionRequired'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await createPairFromReply({ workspaceId, ...typed, topicIds: parseTopics(values.topics) });
      setOpen(false);
      toast.success(t('saveAsPair.saved'), {
        label: t('saveAsPair.openTraining'),
        to: dashboardPaths['dashboard-workspaceId-ai-training'].getHref({ workspaceId }),
      });
    } catch (failure) {
      setError(apiErrorMessage(tCommon, failure, t('saveAsPair.failed')));
    }
    setBusy(false);
  }

  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <>
      <Button type="button" $variant="secondary" onClick={start}>
        {t('saveAsPair.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('saveAsPair.title')}
        confirmLabel={t('saveAsPair.confirm')}
        cancelLabel={t('saveAsPair.cancel')}
        busy={busy}
        busyLabel={t('saveAsPair.busy')}
        error={error}
        onConfirm={() => void save()}
        onCancel={() => setOpen(false)}
      >
        <Stack $gap={4}>
          <p>{t('saveAsPair.body')}</p>
          <TextAreaField label={t('saveAsPair.question')} rows={2} {...field('question')} />
          <TextAreaField label={t('saveAsPair.answer')} rows={4} {...field('answer')} />
          <TextField
            label={t('saveAsPair.topics')}
            hint={t('saveAsPair.topicsHint')}
            {...field('topics')}
          />
        </Stack>
      </ConfirmDialog>
    </>
  );
}
