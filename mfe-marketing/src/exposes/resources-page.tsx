import { ResourcesPage } from '../features/news/resources-page';

export default ResourcesPage;
