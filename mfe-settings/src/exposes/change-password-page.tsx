import { ChangePasswordPage } from '../features/change-password/components/change-password-page';

export default ChangePasswordPage;
