import { SolutionsPage } from '../features/solutions/solutions-page';

export default SolutionsPage;
