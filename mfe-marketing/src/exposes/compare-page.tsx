import { ComparePage } from '../features/compare/compare-page';

export default ComparePage;
