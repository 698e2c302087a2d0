import { ManageUsersPage } from '../features/manage-users/manage-users-page';

export default ManageUsersPage;
