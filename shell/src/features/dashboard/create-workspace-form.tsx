import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from 'shared-sdk';
import { Button, Card, Stack } from 'shared-ui';
import { TextField, useSchemaForm } from 'shared-ui/controls';
import { useAppDispatch } from '../../store/hooks';
import { addWorkspace } from '../../store/workspaces-slice';
import { rememberWorkspace } from './current-workspace';
import '../../i18n/dashboard';

/** product-spec.md §4: a user with no workspace is prompted to add one. */
export function CreateWorkspaceForm() {
  const { t } = useTranslation(['shell', 'common']);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { field, handleSubmit, state } = useSchemaForm({
    schema: () =>
      import('shared-sdk/schemas').then((schemas) => schemas.createWorkspaceRequestSchema),
    initialValues: { workspaceName: '', websiteUrl: '' },
    describeFailure: (error) => ({
      message: error instanceof ApiError ? error.serverMessage : t('common:errors.auth/unknown'),
    }),
    send: async (data) => {
      const result = await dispatch(addWorkspace(data));
      if (result.status === 'error') throw result.error;
      rememberWorkspace(result.data.workspaceId);
      navigate(`/dashboard/${result.data.workspaceId}`);
      return result.data;
    },
    reportDone: (created, toast) =>
      toast.success(t('dashboard.create.created', { name: created.workspace.name })),
  });
  const submitting = state.status === 'submitting';
  return (
    <Card as="section" aria-labelledby="create-workspace-title">
      <form noValidate onSubmit={(event) => void handleSubmit(event)}>
        <Stack $gap={4}>
          <h2 id="create-workspace-title">{t('dashboard.create.title')}</h2>
          <p>{t('dashboard.create.lead')}</p>
          <TextField label={t('dashboard.create.name')} required {...field('workspaceName')} />
          <TextField
            label={t('dashboard.create.website')}
            type="url"
            placeholder="https://"
            required
            {...field('websiteUrl')}
          />
          <div>
            <Button type="submit" disabled={submitting}>
              {submitting ? t('dashboard.create.submitting') : t('dashboard.create.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
