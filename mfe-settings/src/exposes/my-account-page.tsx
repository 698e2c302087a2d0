import { MyAccountPage } from '../features/my-account/my-account-page';

export default MyAccountPage;
