import { LanguagePage } from '../features/language/language-page';

export default LanguagePage;
