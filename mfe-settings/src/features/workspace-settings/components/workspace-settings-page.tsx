import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { dashboardPaths, type Workspace } from 'shared-sdk';
import { useLiveDocs } from 'shared-sdk/live';
import { addTranslations, Button, Loading, Muted, usePageTitle, useToast } from 'shared-ui';
import {
  apiErrorMessage,
  ConfirmDialog,
  LoadFailed,
  PageHeader,
  TextField,
} from 'shared-ui/controls';
import { PageBody, SectionCard } from '../../../components/settings-page';
import { deleteWorkspace } from '../api/workspace-settings-api';
import en from '../en-US.json';
import { WorkspaceForm } from './workspace-form';

addTranslations('workspace-settings', en);

const KeyRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  > :first-child {
    flex: 1 1 260px;
  }
`;

/** /dashboard/:workspaceId/settings: the workspace's settings, its key, and deleting it. */
export function WorkspaceSettingsPage() {
  const { t } = useTranslation('workspace-settings');
  usePageTitle(t('title'));
  const { workspaceId = '' } = useParams();
  const live = useLiveDocs<Workspace>({ collection: 'workspaces', workspaceId });
  const workspace = live.docs.find((doc) => doc.id === workspaceId);

  return (
    <PageBody>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div aria-busy={live.status === 'loading'}>
        {live.status === 'loading' ? <Loading label={t('loading')} /> : null}
        {live.status === 'error' ? (
          <LoadFailed message={t('loadFailed')} onRetry={live.retry} />
        ) : null}
      </div>
      {workspace ? (
        <>
          <SectionCard>
            {/* Keyed by the saved values: a change saved elsewhere refills the form. */}
            <WorkspaceForm key={workspace.updatedAt} workspace={workspace} />
          </SectionCard>
          <ApiKey workspaceId={workspace.id} />
          <DeleteWorkspace workspace={workspace} />
        </>
      ) : null}
    </PageBody>
  );
}

function ApiKey({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('workspace-settings');
  const toast = useToast();
  const titleId = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(workspaceId);
      toast.success(t('key.copied'));
    } catch {
      toast.error(t('key.copyFailed'));
    }
  }
  return (
    <SectionCard as="section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('key.title')}</h2>
      <Muted>{t('key.lead')}</Muted>
      <KeyRow>
        <TextField label={t('key.label')} value={workspaceId} readOnly />
        <div>
          <Button type="button" $variant="secondary" onClick={() => void copy()}>
            {t('key.copy')}
          </Button>
        </div>
      </KeyRow>
    </SectionCard>
  );
}

/** Deleting takes the workspace's name typed again; members land on their dashboard. */
function DeleteWorkspace({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation('workspace-settings');
  const { t: tCommon } = useTranslation('common');
  const navigate = useNavigate();
  const toast = useToast();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });

  async function confirm() {
    if (typed.trim() !== workspace.name) {
      setState({ busy: false, error: t('delete.body', { name: workspace.name }) });
      return;
    }
    setState({ busy: true });
    try {
      await deleteWorkspace(workspace.id);
      toast.success(t('delete.done', { name: workspace.name }));
      navigate(dashboardPaths.dashboard.getHref());
    } catch (error) {
      setState({ busy: false, error: apiErrorMessage(tCommon, error, t('delete.failed')) });
    }
  }

  return (
    <SectionCard as="section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('delete.title')}</h2>
      <Muted>{t('delete.lead')}</Muted>
      <div>
        <Button
          type="button"
          $variant="secondary"
          onClick={() => {
            setTyped('');
            setState({ busy: false });
            setOpen(true);
          }}
        >
          {t('delete.open')}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title={t('delete.dialogTitle', { name: workspace.name })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        busy={state.busy}
        busyLabel={t('delete.busy')}
        destructive
        error={state.error}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <p>{t('delete.body', { name: workspace.name })}</p>
        <TextField
          label={t('delete.confirmLabel')}
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
        />
      </ConfirmDialog>
    </SectionCard>
  );
}
