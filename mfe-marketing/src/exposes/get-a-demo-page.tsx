import { GetADemoPage } from '../features/get-a-demo/components/get-a-demo-page';

export default GetADemoPage;
// The prerender step writes the server's answer to the form posted as HTML from this.
export { demoFormAnswer as formAnswer } from '../features/get-a-demo/form-answer';
