import { CannedResponsesPage } from '../features/canned-responses/components/canned-responses-page';

export default CannedResponsesPage;
