import { ManageUsersPage } from '../features/manage-users/components/manage-users-page';

export default ManageUsersPage;
