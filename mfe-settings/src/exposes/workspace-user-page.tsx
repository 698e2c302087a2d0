import { WorkspaceUserPage } from '../features/manage-users/components/workspace-user-page';

export default WorkspaceUserPage;
