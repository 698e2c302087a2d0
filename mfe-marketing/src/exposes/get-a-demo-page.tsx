import { GetADemoPage } from '../features/get-a-demo/get-a-demo-page';

export default GetADemoPage;
