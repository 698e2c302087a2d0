import { SearchPage } from '../features/search/components/search-page';

export default SearchPage;
