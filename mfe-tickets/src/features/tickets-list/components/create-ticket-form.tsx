import { useId, useState } from 'react';
import { dashboardPaths } from 'shared-sdk';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Conversation, CreateTicketRequest, TicketType } from 'shared-sdk/schemas';
import { Button, SegmentedControl, Spinner, VisuallyHidden } from 'shared-ui';
import {
  SelectField,
  TextField,
  useSchemaForm,
  type FormSchema,
  apiErrorMessage,
} from 'shared-ui/controls';
import { memberName, ticketRecipient, ticketSubject } from '../../../utils/ticket-text';
import { createTicket, type Member } from '../../../api/tickets-api';
import { ticketsNamespace } from '../../../i18n/tickets-translations';
import { useLiveDocs } from 'shared-sdk/live';

const Form = styled.form`
  display: grid;
  gap: 20px;
`;

const FieldRow = styled.div`
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

type FormField =
  | 'subject'
  | 'recipientFirstName'
  | 'recipientLastName'
  | 'recipientEmail'
  | 'conversationId'
  | 'assigneeId';

const blank: Record<FormField, string> = {
  subject: '',
  recipientFirstName: '',
  recipientLastName: '',
  recipientEmail: '',
  conversationId: '',
  assigneeId: '',
};

// The request's nested recipientInfo fields are separate fields of the form.
const formFieldOf: Record<string, FormField> = {
  firstName: 'recipientFirstName',
  lastName: 'recipientLastName',
  email: 'recipientEmail',
};

/** The API's own schema (product-spec.md §7 POST /api/user/tickets), its issues named by form field. */
const loadCreateTicketFormSchema = async (): Promise<FormSchema<CreateTicketRequest>> => {
  const { createTicketRequestSchema } = await import('shared-sdk/schemas');
  return {
    safeParse(input) {
      const result = createTicketRequestSchema.safeParse(input);
      if (result.success) return { success: true, data: result.data };
      const issues = result.error.issues.map((issue) => {
        const [first, second] = issue.path;
        const path =
          first === 'recipientInfo' && typeof second === 'string'
            ? [formFieldOf[second] ?? first]
            : issue.path;
        return { path, message: issue.message };
      });
      return { success: false, error: { issues } };
    },
  };
};

/**
 * product-spec.md §2 "create an internal ticket or one linked to a conversation", checked with the API's
 * schema before it is sent. The new ticket reaches the list live.
 */
export function CreateTicketForm({
  workspaceId,
  members,
}: {
  workspaceId: string;
  members: Member[] | undefined;
}) {
  const { t } = useTranslation('tickets-list');
  const { t: tTickets } = useTranslation(ticketsNamespace);
  const { t: tCommon } = useTranslation('common');
  const titleId = useId();
  const [type, setType] = useState<TicketType>('internal');
  const { state, field, handleSubmit } = useSchemaForm({
    schema: loadCreateTicketFormSchema,
    initialValues: blank,
    toInput: (values): unknown => {
      const assigneeId = values.assigneeId || null;
      return type === 'internal'
        ? {
            type,
            workspaceId,
            subject: values.subject,
            recipientInfo: {
              firstName: values.recipientFirstName,
              lastName: values.recipientLastName,
              email: values.recipientEmail.trim(),
            },
            assigneeId,
          }
        : { type, workspaceId, conversationId: values.conversationId.trim(), assigneeId };
    },
    fieldMessages: { conversationId: t('create.conversationRequired') },
    describeFailure: (error) => ({
      message: apiErrorMessage(tCommon, error, tTickets('unexpectedError')),
    }),
    send: (request) => createTicket(request),
    reportDone: (ticket, toast) =>
      toast.success(t('create.created', { subject: ticketSubject(tTickets, ticket) }), {
        label: t('create.openCreated'),
        to: dashboardPaths['dashboard-workspaceId-tickets-ticketId'].getHref({
          workspaceId,
          ticketId: ticket.id,
        }),
      }),
    valuesAfterSuccess: () => blank,
  });

  const submitting = state.status === 'submitting';
  return (
    <Form noValidate onSubmit={handleSubmit} aria-labelledby={titleId} aria-busy={submitting}>
      <h2 id={titleId}>{t('create.title')}</h2>
      <SegmentedControl
        legend={t('create.type')}
        name="ticket-type"
        value={type}
        onChange={setType}
        options={[
          { value: 'internal', label: t('create.internal') },
          { value: 'external', label: t('create.external') },
        ]}
      />
      {type === 'internal' ? (
        <>
          <TextField
            label={t('create.subject')}
            autoComplete="off"
            required
            {...field('subject')}
          />
          <FieldRow>
            <TextField
              label={t('create.recipientFirstName')}
              optionalText={t('create.optional')}
              autoComplete="off"
              {...field('recipientFirstName')}
            />
            <TextField
              label={t('create.recipientLastName')}
              optionalText={t('create.optional')}
              autoComplete="off"
              {...field('recipientLastName')}
            />
            <TextField
              label={t('create.recipientEmail')}
              optionalText={t('create.optional')}
              type="email"
              autoComplete="off"
              {...field('recipientEmail')}
            />
          </FieldRow>
        </>
      ) : (
        <ConversationField workspaceId={workspaceId} {...field('conversationId')} />
      )}
      <SelectField label={t('create.assignee')} {...field('assigneeId')}>
        <option value="">{tTickets('assignee.none')}</option>
        {(members ?? [])
          .filter((member) => member.status === 'active')
          .map((member) => (
            <option key={member.userId} value={member.userId}>
              {memberName(member)}
            </option>
          ))}
      </SelectField>
      <Actions>
        <Button type="submit" disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? t('create.creating') : t('create.submit')}
        </Button>
        <VisuallyHidden role="status">{submitting ? t('create.creating') : ''}</VisuallyHidden>
      </Actions>
    </Form>
  );
}

type ConversationFieldProps = ReturnType<ReturnType<typeof useSchemaForm>['field']> & {
  workspaceId: string;
};

/**
 * The conversation to link: picked from the workspace's conversations, or typed as an ID when
 * they cannot be listed.
 */
function ConversationField({ workspaceId, ...props }: ConversationFieldProps) {
  const { t } = useTranslation('tickets-list');
  const { t: tTickets } = useTranslation(ticketsNamespace);
  const { status, docs } = useLiveDocs<Conversation>({
    collection: 'conversations',
    workspaceId,
    limit: 100,
  });
  if (status === 'error' || (status === 'live' && docs.length === 0)) {
    return (
      <TextField
        label={t('create.conversationId')}
        hint={status === 'error' ? t('create.conversationIdHint') : undefined}
        autoComplete="off"
        spellCheck={false}
        required
        {...props}
      />
    );
  }
  return (
    <SelectField label={t('create.conversation')} required {...props}>
      <option value="">{t('create.conversationPick')}</option>
      {docs.map((conversation) => {
        const asTicket = {
          id: conversation.id,
          type: 'external' as const,
          subject: null,
          conversationId: conversation.id,
          recipientInfo: null,
        };
        return (
          <option key={conversation.id} value={conversation.id}>
            {`${ticketRecipient(tTickets, asTicket, conversation) ?? ''} · ${ticketSubject(tTickets, asTicket, conversation)}`}
          </option>
        );
      })}
    </SelectField>
  );
}
