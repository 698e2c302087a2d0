import { QnasPage } from '../features/qnas/components/qnas-page';

export default QnasPage;
