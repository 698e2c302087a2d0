import { NewsArticlePage } from '../features/news/news-article-page';

export default NewsArticlePage;
