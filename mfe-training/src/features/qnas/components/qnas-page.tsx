import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { dashboardPaths } from 'shared-sdk';
import type { AiTrainingQna } from 'shared-sdk/schemas';
import { addTranslations, Button, Card, Loading, Stack, Muted, useToast } from 'shared-ui';
import {
  ConfirmDialog,
  LoadFailed,
  Pagination,
  SelectField,
  TextField,
  apiErrorMessage,
} from 'shared-ui/controls';
import { AiTrainingLayout } from '../../../components/ai-training-layout';
import { deleteQna, qnasLimit } from '../api/qnas-api';
import { useQnas } from '../hooks/use-qnas';
import {
  filterQnas,
  parseQnasView,
  perPage,
  qnasViewSearch,
  type QnasView,
} from '../utils/qnas-view';
import en from '../en-US.json';
import { QnaCard } from './qna-card';
import { QnaCsv } from './qna-csv';
import { QnaForm } from './qna-form';

addTranslations('qnas', en);

const Toolbar = styled.div`
  display: grid;
  gap: 16px;
  align-items: end;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
`;

const List = styled.div`
  display: grid;
  gap: 16px;
`;

const Intro = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px 24px;
`;

const Empty = styled(Card)`
  display: grid;
  gap: 12px;
  justify-items: start;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

/**
 * /dashboard/:workspaceId/ai-training, its first tab: the pairs the bot answers from. The URL
 * holds the page, the search and the topic; a page that is not a whole number of at least 1 is
 * the 404 page (product-spec.md §5), thrown while rendering for the shell's boundary.
 */
export function QnasPage() {
  const { workspaceId = '' } = useParams();
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const view = parseQnasView(searchParams, `${pathname}${search}`);
  return <QnasList workspaceId={workspaceId} view={view} />;
}

type Editing = { kind: 'new' } | { kind: 'edit'; qnaId: string } | null;

function QnasList({ workspaceId, view }: { workspaceId: string; view: QnasView }) {
  const { t } = useTranslation('qnas');
  const { t: tCommon } = useTranslation('common');
  const navigate = useNavigate();
  const { qnas, topics, total } = useQnas(workspaceId);
  const [editing, setEditing] = useState<Editing>(null);
  const toast = useToast();
  const [deleting, setDeleting] = useState<AiTrainingQna | null>(null);
  const [deleteState, setDeleteState] = useState<{ busy: boolean; error?: string }>({
    busy: false,
  });
  const headingRef = useRef<HTMLHeadingElement>(null);

  const hrefWith = (changes: Partial<QnasView>) =>
    dashboardPaths['dashboard-workspaceId-ai-training'].getHref(
      { workspaceId },
      qnasViewSearch({ ...view, ...changes }),
    );
  // Typing a search replaces the history entry: Back leaves the page, not each keystroke.
  const filterBy = (changes: Partial<QnasView>) =>
    navigate(hrefWith({ page: 1, ...changes }), { replace: true });

  const loaded = qnas.status === 'live' || qnas.status === 'reconnecting';
  const matching = filterQnas(qnas.docs, view);
  const pages = Math.max(1, Math.ceil(matching.length / perPage));
  const shown = matching.slice((view.page - 1) * perPage, view.page * perPage);
  const filtered = view.search !== '' || view.topic !== '';
  const topicOptions =
    view.topic && !topics.includes(view.topic) ? [...topics, view.topic] : topics;

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteState({ busy: true });
    try {
      await deleteQna(workspaceId, deleting.id);
      toast.success(t('delete.done', { question: deleting.question }));
      setDeleting(null);
      setDeleteState({ busy: false });
      // The card that had focus is gone; the page's heading takes it.
      headingRef.current?.focus();
    } catch (error) {
      setDeleteState({ busy: false, error: apiErrorMessage(tCommon, error, t('delete.failed')) });
    }
  }

  const openNew = () => setEditing({ kind: 'new' });

  return (
    <AiTrainingLayout tab="qnas" headingRef={headingRef}>
      <Stack $gap={6}>
        <Intro>
          <Muted>{t('intro')}</Muted>
          <Button
            type="button"
            aria-expanded={editing?.kind === 'new'}
            aria-controls="new-qna"
            onClick={() => (editing?.kind === 'new' ? setEditing(null) : openNew())}
          >
            {editing?.kind === 'new' ? t('closeForm') : t('add')}
          </Button>
        </Intro>
        <QnaCsv workspaceId={workspaceId} />
        {editing?.kind === 'new' ? (
          <Card id="new-qna">
            <QnaForm workspaceId={workspaceId} topics={topics} onCancel={() => setEditing(null)} />
          </Card>
        ) : null}
        <Toolbar>
          <TextField
            label={t('search')}
            type="search"
            value={view.search}
            onChange={(event) => filterBy({ search: event.target.value })}
          />
          <SelectField
            label={t('topicFilter')}
            value={view.topic}
            onChange={(event) => filterBy({ topic: event.target.value })}
          >
            <option value="">{t('allTopics')}</option>
            {topicOptions.map((topic) => (
              <option key={topic} value={topic}>
                {topic}
              </option>
            ))}
          </SelectField>
        </Toolbar>
        <div aria-busy={qnas.status === 'loading'}>
          {qnas.status === 'loading' ? <Loading label={t('loading')} /> : null}
          {qnas.status === 'error' ? (
            <LoadFailed message={t('loadFailed')} onRetry={qnas.retry} />
          ) : null}
          {loaded ? (
            <Stack $gap={4}>
              <Muted>
                {filtered
                  ? t('matching', { count: matching.length, total: qnas.docs.length })
                  : t('count', { count: total ?? qnas.docs.length })}
                {total !== undefined && total > qnasLimit
                  ? ` ${t('capped', { shown: qnasLimit, total })}`
                  : null}
              </Muted>
              {qnas.docs.length === 0 ? (
                <Empty>
                  <h2>{t('empty.title')}</h2>
                  <Muted>{t('empty.body')}</Muted>
                  {editing?.kind === 'new' ? null : (
                    <Button type="button" $variant="secondary" onClick={openNew}>
                      {t('add')}
                    </Button>
                  )}
                </Empty>
              ) : null}
              {qnas.docs.length > 0 && matching.length === 0 ? (
                <Muted>
                  {t('empty.noMatch')}{' '}
                  <Link to={hrefWith({ page: 1, search: '', topic: '' })}>{t('empty.clear')}</Link>
                </Muted>
              ) : null}
              {matching.length > 0 && shown.length === 0 ? (
                <Muted>
                  {t('empty.pastEnd')}{' '}
                  <Link to={hrefWith({ page: 1 })}>{t('empty.firstPage')}</Link>
                </Muted>
              ) : null}
              <List>
                {shown.map((qna) =>
                  editing?.kind === 'edit' && editing.qnaId === qna.id ? (
                    <Card key={qna.id}>
                      <QnaForm
                        workspaceId={workspaceId}
                        qna={qna}
                        topics={topics}
                        onSaved={() => setEditing(null)}
                        onCancel={() => setEditing(null)}
                      />
                    </Card>
                  ) : (
                    <QnaCard
                      key={qna.id}
                      qna={qna}
                      onEdit={() => setEditing({ kind: 'edit', qnaId: qna.id })}
                      onDelete={() => {
                        setDeleteState({ busy: false });
                        setDeleting(qna);
                      }}
                    />
                  ),
                )}
              </List>
              {pages > 1 ? (
                <Pagination
                  label={t('paging.label')}
                  status={t('paging.status', { page: view.page, pages })}
                  previous={{
                    label: t('paging.previous'),
                    href: view.page > 1 ? hrefWith({ page: view.page - 1 }) : undefined,
                  }}
                  next={{
                    label: t('paging.next'),
                    href: view.page < pages ? hrefWith({ page: view.page + 1 }) : undefined,
                  }}
                />
              ) : null}
            </Stack>
          ) : null}
        </div>
        <ConfirmDialog
          open={deleting !== null}
          title={t('delete.title')}
          confirmLabel={t('delete.confirm')}
          cancelLabel={t('delete.cancel')}
          busy={deleteState.busy}
          busyLabel={t('delete.busy')}
          destructive
          error={deleteState.error}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          {deleting ? t('delete.body', { question: deleting.question }) : null}
        </ConfirmDialog>
      </Stack>
    </AiTrainingLayout>
  );
}
