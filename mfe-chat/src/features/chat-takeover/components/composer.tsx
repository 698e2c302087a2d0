import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ApiError, retryableSendIds } from 'shared-sdk';
import { Button, Spinner, VisuallyHidden, Muted, useToast } from 'shared-ui';
import { FileButton, TextAreaField, apiErrorMessage } from 'shared-ui/controls';
import { sendAgentMessage, uploadAttachment } from '../api/conversation-api';
import { useDraft } from '../hooks/use-draft';
import { useCannedPicker } from '../hooks/use-canned-picker';
import { useTypingSender } from '../hooks/use-live-signals';
import { CannedResponseList } from './canned-response-list';
import { preloadMessageSchemas, useSchemasForSend } from '../utils/message-schemas';
import { sendOnEnter } from '../utils/send-on-enter';
import { formatSize } from './message-list';
import {
  MessageFormFields,
  checkFormRows,
  formFieldIds,
  maxFormFields,
  type FormErrors,
  type FormFieldRow,
} from './message-form-fields';

/** sendMessageRequestSchema: at most this many attachments per message. */
export const maxAttachments = 10;

const Form = styled.form`
  display: grid;
  gap: 12px;
  textarea {
    min-height: 88px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  > button[type='submit'] {
    margin-left: auto;
  }
`;

const Chosen = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    padding: 2px 4px 2px 12px;
    border: 1px solid ${({ theme }) => theme.colors.stroke};
    border-radius: ${({ theme }) => theme.radii.pill};
    font-size: 0.875rem;
    overflow-wrap: anywhere;
  }
  button {
    min-height: 32px;
    padding: 0 10px;
  }
`;

type ComposerState = 'editing' | 'sending' | 'sent';

/** Text put into the reply from elsewhere (a suggested answer); each insertion counted once. */
export interface Insertion {
  text: string;
  count: number;
  /** Takes the reply's place (a rewrite of it) instead of being added at its end. */
  replace?: boolean;
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * The agent's reply (product-spec.md §7 POST /api/user/messages, role agent): text, attached files, details
 * (the message's form: field name → value) or any of them together. Files are uploaded first to
 * attachments/{conversationId}/…; a file already uploaded is not sent again when the message is
 * retried. A failed send keeps what was written, files and details included.
 */
export function Composer({
  workspaceId,
  conversationId,
  botAnswering,
  insertion = null,
}: {
  workspaceId: string;
  conversationId: string;
  /** The current user has not taken the conversation over: the bot answers until they do. */
  botAnswering: boolean;
  /** Added to the end of the reply, for the agent to edit; never sent by itself. */
  insertion?: Insertion | null;
}) {
  const { t } = useTranslation('conversation');
  const { t: tCommon } = useTranslation('common');
  const noteId = useId();
  const detailsId = useId();
  const detailsToggleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // TextAreaField takes no ref: the form finds its field by name.
  const contentField = () => {
    const field = formRef.current?.elements.namedItem('content');
    return field instanceof HTMLTextAreaElement ? field : null;
  };
  const focusContent = () => contentField()?.focus();
  const uploaded = useRef(new Map<File, { path: string }>());
  const toast = useToast();
  const [content, setContent] = useDraft(conversationId);
  const picker = useCannedPicker({ workspaceId, content, setContent, field: contentField });
  const typed = useTypingSender(conversationId);
  const [files, setFiles] = useState<File[]>([]);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const nextRowKey = useRef(0);
  const sendIds = useRef(retryableSendIds());
  const [rows, setRows] = useState<FormFieldRow[]>([]);
  const [rowErrors, setRowErrors] = useState<FormErrors>({});
  const [state, setState] = useState<ComposerState>('editing');
  const sending = state === 'sending';

  const latestDraft = useRef({ content, setContent });
  useEffect(() => {
    latestDraft.current = { content, setContent };
  });
  useEffect(() => {
    if (!insertion) return;
    const { content: written, setContent: write } = latestDraft.current;
    const adds = !insertion.replace && written.trim() !== '';
    write(adds ? `${written.trimEnd()}\n\n${insertion.text}` : insertion.text);
    contentField()?.focus();
    // Only a new insertion adds text; the field is found anew each time.
  }, [insertion]);

  function addFiles(picked: File[]) {
    const next = [...files, ...picked.filter((file) => !files.some((f) => sameFile(f, file)))];
    setFieldError(
      next.length > maxAttachments
        ? t('composer.tooManyFiles', { max: maxAttachments })
        : undefined,
    );
    setFiles(next.slice(0, maxAttachments));
  }

  // Focus moves once the DOM has the element (a row just added, the next row after a removal).
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (!pendingFocus.current) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });
  const focusById = (id: string) => {
    pendingFocus.current = id;
  };

  function addRow() {
    if (rows.length >= maxFormFields) return;
    const key = nextRowKey.current++;
    setRows([...rows, { key, name: '', value: '' }]);
    if (fieldError) setFieldError(undefined);
    focusById(formFieldIds(detailsId, key).name);
  }

  function changeRow(key: number, change: Partial<Pick<FormFieldRow, 'name' | 'value'>>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    setRowErrors((current) => {
      const errors = current[key];
      if (!errors) return current;
      const rest = { ...errors };
      if ('name' in change) delete rest.name;
      if ('value' in change) delete rest.value;
      return { ...current, [key]: rest };
    });
    if (fieldError) setFieldError(undefined);
    if (state === 'sent') setState('editing');
  }

  function removeRow(key: number) {
    const index = rows.findIndex((row) => row.key === key);
    const remaining = rows.filter((row) => row.key !== key);
    setRows(remaining);
    setRowErrors(({ [key]: _removed, ...rest }) => rest);
    // The next row, else the one before, else (no rows: the details close) the toggle.
    const neighbour = remaining[index] ?? remaining[index - 1];
    focusById(neighbour ? formFieldIds(detailsId, neighbour.key).name : detailsToggleId);
  }

  function removeAllRows() {
    setRows([]);
    setRowErrors({});
  }

  function removeFile(file: File) {
    setFiles((current) => current.filter((candidate) => candidate !== file));
    uploaded.current.delete(file);
    focusContent();
  }

  /** Uploads the files not uploaded yet; throws the first failure with the file it was about. */
  async function uploadAll(): Promise<{ path: string }[]> {
    const attachments: { path: string }[] = [];
    for (const file of files) {
      let stored = uploaded.current.get(file);
      if (!stored) {
        try {
          const { path } = await uploadAttachment(conversationId, file);
          stored = { path };
        } catch (error) {
          throw Object.assign(new Error('upload failed'), { file, cause: error });
        }
        uploaded.current.set(file, stored);
      }
      attachments.push(stored);
    }
    return attachments;
  }

  function failureMessage(failure: unknown): string {
    const file = failure instanceof Error && 'file' in failure ? (failure.file as File) : null;
    const cause = file ? (failure as Error).cause : failure;
    const detail =
      cause instanceof ApiError && cause.serverMessage && cause.status !== 0
        ? cause.serverMessage
        : undefined;
    if (file) return [t('composer.uploadFailed', { name: file.name }), detail].join(' ').trim();
    return apiErrorMessage(tCommon, cause, t('composer.sendFailed'));
  }

  const schemasForSend = useSchemasForSend((failure) => toast.error(failureMessage(failure)));

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const schemas = await schemasForSend();
    if (!schemas) return;
    const { messageContentSchema, sendMessageRequestSchema } = schemas;
    const checked = messageContentSchema.safeParse(content);
    if (!checked.success) return setFieldError(checked.error.issues[0]?.message);
    const details = checkFormRows(rows, t, schemas);
    setRowErrors(details.errors);
    if (!details.valid) {
      const first = rows.find((row) => details.errors[row.key]);
      if (first) {
        const ids = formFieldIds(detailsId, first.key);
        document.getElementById(details.errors[first.key]?.name ? ids.name : ids.value)?.focus();
      }
      return;
    }
    const hasForm = Object.keys(details.form).length > 0;
    if (checked.data === '' && files.length === 0 && !hasForm) {
      // The schema's rule (content, attachments or a form), said before anything is uploaded.
      const empty = sendMessageRequestSchema.safeParse({
        workspaceId,
        conversationId,
        content: '',
        role: 'agent',
      });
      setFieldError(empty.success ? undefined : empty.error.issues[0]?.message);
      focusContent();
      return;
    }
    setFieldError(undefined);
    setState('sending');
    let settled: ((ok: boolean) => void) | undefined;
    try {
      const attachments = await uploadAll();
      const message = {
        content: checked.data,
        ...(hasForm ? { form: details.form } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      };
      // Sending the same message again after a failure reuses its id: it may have been stored.
      const send = sendIds.current.idFor(message);
      settled = send.settled;
      const request = sendMessageRequestSchema.parse({
        workspaceId,
        conversationId,
        role: 'agent',
        ...message,
        clientId: send.clientId,
      });
      await sendAgentMessage(request);
      settled(true);
      setContent('');
      setFiles([]);
      setRows([]);
      setRowErrors({});
      uploaded.current.clear();
      setState('sent');
    } catch (failure) {
      settled?.(false);
      setState('editing');
      toast.error(failureMessage(failure));
    }
    focusContent();
  }

  return (
    <Form
      ref={formRef}
      noValidate
      onFocus={preloadMessageSchemas}
      onSubmit={(event) => void send(event)}
      aria-busy={sending}
    >
      {botAnswering ? <Muted id={noteId}>{t('composer.botAnswering')}</Muted> : null}
      <TextAreaField
        label={t('composer.label')}
        hint={t('composer.hint')}
        name="content"
        rows={3}
        value={content}
        readOnly={sending}
        error={fieldError}
        aria-describedby={botAnswering ? noteId : undefined}
        {...picker.fieldProps}
        onChange={(event) => {
          setContent(event.target.value);
          picker.track(event);
          if (event.target.value.trim() !== '') typed();
          if (fieldError) setFieldError(undefined);
          if (state === 'sent') setState('editing');
        }}
        onSelect={picker.track}
        onKeyDown={(event) => {
          if (!picker.onKeyDown(event)) sendOnEnter(event);
        }}
      />
      {picker.open ? <CannedResponseList picker={picker} /> : null}
      {files.length > 0 ? (
        <Chosen aria-label={t('composer.files')}>
          {files.map((file) => (
            <li key={`${file.name}:${file.size}:${file.lastModified}`}>
              {file.name} ({formatSize(file.size)})
              <Button
                type="button"
                $variant="ghost"
                disabled={sending}
                aria-label={t('composer.removeFile', { name: file.name })}
                onClick={() => removeFile(file)}
              >
                ×
              </Button>
            </li>
          ))}
        </Chosen>
      ) : null}
      {rows.length > 0 ? (
        <MessageFormFields
          id={detailsId}
          baseId={detailsId}
          rows={rows}
          errors={rowErrors}
          disabled={sending}
          onChange={changeRow}
          onAdd={addRow}
          onRemove={removeRow}
        />
      ) : null}
      <Actions>
        <FileButton
          multiple
          disabled={sending || files.length >= maxAttachments}
          onFiles={addFiles}
        >
          {t('composer.attach')}
        </FileButton>
        {/* Shows the details with a first row, or removes them all (what is shown is sent). */}
        <Button
          id={detailsToggleId}
          type="button"
          $variant="secondary"
          disabled={sending}
          aria-controls={rows.length > 0 ? detailsId : undefined}
          onClick={rows.length > 0 ? removeAllRows : addRow}
        >
          {rows.length > 0 ? t('composer.details.close') : t('composer.details.open')}
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? <Spinner /> : null}
          {sending ? t('composer.sending') : t('composer.send')}
        </Button>
      </Actions>
      <VisuallyHidden role="status">
        {sending ? t('composer.sending') : state === 'sent' ? t('composer.sent') : ''}
      </VisuallyHidden>
    </Form>
  );
}
