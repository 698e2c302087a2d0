import { HelpCenterPage } from '../features/help-center/help-center-page';

export default HelpCenterPage;
