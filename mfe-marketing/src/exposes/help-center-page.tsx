import { HelpCenterPage } from '../features/help-center/components/help-center-page';

export default HelpCenterPage;
