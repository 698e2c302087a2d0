import { IntegrationsPage } from '../features/integrations/components/integrations-page';

export default IntegrationsPage;
