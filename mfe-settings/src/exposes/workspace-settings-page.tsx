import { WorkspaceSettingsPage } from '../features/workspace-settings/components/workspace-settings-page';

export default WorkspaceSettingsPage;
