import { MyAccountPage } from '../features/my-account/components/my-account-page';

export default MyAccountPage;
