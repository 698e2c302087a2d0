import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button, Spinner, useToast, VisuallyHidden } from 'shared-ui';
import { apiErrorMessage, TextAreaField } from 'shared-ui/controls';
import { createNote } from '../api/conversation-api';
import { useDraft } from '../hooks/use-draft';
import { sendOnEnter } from '../utils/send-on-enter';
import { preloadMessageSchemas, useSchemasForSend } from '../utils/message-schemas';

const Form = styled.form`
  display: grid;
  gap: 12px;
  padding: 12px;
  border: 2px dashed ${({ theme }) => theme.colors.yellow};
  border-radius: ${({ theme }) => theme.radii.md};
  textarea {
    min-height: 88px;
  }
  > button {
    justify-self: end;
  }
`;

/**
 * A private note on the conversation (POST /api/user/notes): the workspace's members see it in
 * the conversation; the customer never does. Writing one sends no typing news to the customer.
 */
export function NoteComposer({
  workspaceId,
  conversationId,
}: {
  workspaceId: string;
  conversationId: string;
}) {
  const { t } = useTranslation('conversation');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [content, setContent] = useDraft(`note-${conversationId}`);
  const [error, setError] = useState<string>();
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing');

  // The note box takes focus when the agent switches to it.
  useEffect(() => {
    const field = formRef.current?.elements.namedItem('note');
    if (field instanceof HTMLTextAreaElement) field.focus();
  }, []);

  const schemasForSend = useSchemasForSend((failure) =>
    toast.error(apiErrorMessage(tCommon, failure, t('notes.failed'))),
  );

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state === 'sending') return;
    const schemas = await schemasForSend();
    if (!schemas) return;
    const checked = schemas.createConversationNoteRequestSchema.safeParse({
      workspaceId,
      conversationId,
      content,
    });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setState('sending');
    try {
      await createNote(checked.data);
      setContent('');
      setState('sent');
    } catch (failure) {
      setState('editing');
      toast.error(apiErrorMessage(tCommon, failure, t('notes.failed')));
    }
  }

  return (
    <Form
      ref={formRef}
      noValidate
      onFocus={preloadMessageSchemas}
      onSubmit={(event) => void send(event)}
    >
      <TextAreaField
        label={t('notes.fieldLabel')}
        hint={t('notes.hint')}
        name="note"
        rows={3}
        value={content}
        readOnly={state === 'sending'}
        error={error}
        onChange={(event) => {
          setContent(event.target.value);
          setError(undefined);
          if (state === 'sent') setState('editing');
        }}
        onKeyDown={sendOnEnter}
      />
      <Button type="submit" $variant="secondary" disabled={state === 'sending'}>
        {state === 'sending' ? <Spinner /> : null}
        {state === 'sending' ? t('notes.sending') : t('notes.send')}
      </Button>
      <VisuallyHidden role="status">{state === 'sent' ? t('notes.sent') : ''}</VisuallyHidden>
    </Form>
  );
}
