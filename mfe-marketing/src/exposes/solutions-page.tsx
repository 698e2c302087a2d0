import { SolutionsPage } from '../features/solutions/components/solutions-page';

export default SolutionsPage;
