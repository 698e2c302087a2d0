import { ResourcesPage } from '../features/news/components/resources-page';

export default ResourcesPage;
