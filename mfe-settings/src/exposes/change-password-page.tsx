import { ChangePasswordPage } from '../features/change-password/change-password-page';

export default ChangePasswordPage;
