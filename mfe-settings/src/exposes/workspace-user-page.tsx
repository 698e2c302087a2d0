import { WorkspaceUserPage } from '../features/manage-users/workspace-user-page';

export default WorkspaceUserPage;
