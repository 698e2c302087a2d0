import { LanguagePage } from '../features/language/components/language-page';

export default LanguagePage;
