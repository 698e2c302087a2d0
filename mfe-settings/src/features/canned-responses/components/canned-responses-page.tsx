import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { CannedResponse } from 'shared-sdk/schemas';
import { useLiveDocs } from 'shared-sdk/live';
import { addTranslations, Button, Card, Loading, Muted, Stack, usePageTitle } from 'shared-ui';
import { LoadFailed, PageHeader } from 'shared-ui/controls';
import en from '../en-US.json';
import { cannedResponsesQuery } from '../api/canned-responses-api';
import { CannedResponseForm } from './canned-response-form';
import { DeleteCannedResponse } from './delete-canned-response';

addTranslations('canned-responses', en);

const List = styled.ul`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Shortcut = styled.h3`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 1rem;
`;

const Content = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/**
 * /dashboard/:workspaceId/settings/canned-responses: the workspace's saved replies, live, for
 * admins to add, change and delete (Intercom and Crisp keep theirs in the inbox settings too).
 */
export function CannedResponsesPage() {
  const { t } = useTranslation('canned-responses');
  usePageTitle(t('title'));
  const { workspaceId = '' } = useParams();
  const live = useLiveDocs<CannedResponse>(cannedResponsesQuery(workspaceId));
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <Stack $gap={6}>
      <PageHeader title={t('title')} lead={t('lead')} />
      <Card as="section" aria-labelledby="add-reply-heading">
        <Stack $gap={4}>
          <h2 id="add-reply-heading">{t('form.addHeading')}</h2>
          <CannedResponseForm workspaceId={workspaceId} />
        </Stack>
      </Card>
      <section aria-labelledby="replies-heading">
        <Stack $gap={4}>
          <h2 id="replies-heading">{t('list.heading')}</h2>
          {live.status === 'error' ? (
            <LoadFailed message={t('list.loadFailed')} onRetry={live.retry} />
          ) : null}
          {live.status === 'loading' ? <Loading label={t('list.loading')} /> : null}
          {live.status === 'live' && live.docs.length === 0 ? (
            <Muted>{t('list.empty')}</Muted>
          ) : null}
          {live.docs.length > 0 ? (
            <List aria-label={t('list.count', { count: live.docs.length })}>
              {live.docs.map((response) => (
                <Card as="li" key={response.id}>
                  {editing === response.id ? (
                    <CannedResponseForm
                      workspaceId={workspaceId}
                      response={response}
                      onDone={() => setEditing(null)}
                    />
                  ) : (
                    <Stack $gap={3}>
                      <Shortcut>/{response.shortcut}</Shortcut>
                      <Content>{response.content}</Content>
                      <Stack $direction="row" $gap={2}>
                        <Button
                          type="button"
                          $variant="secondary"
                          aria-label={t('list.edit', { shortcut: response.shortcut })}
                          onClick={() => setEditing(response.id)}
                        >
                          {t('list.editShort')}
                        </Button>
                        <DeleteCannedResponse response={response} />
                      </Stack>
                    </Stack>
                  )}
                </Card>
              ))}
            </List>
          ) : null}
        </Stack>
      </section>
    </Stack>
  );
}
