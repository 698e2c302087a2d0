import { GetADemoPage } from '../features/get-a-demo/components/get-a-demo-page';

export default GetADemoPage;
