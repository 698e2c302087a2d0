import { IntegrationsPage } from '../features/integrations/integrations-page';

export default IntegrationsPage;
