import { NewsArticlePage } from '../features/news/components/news-article-page';

export default NewsArticlePage;
