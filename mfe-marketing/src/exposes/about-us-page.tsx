import { AboutUsPage } from '../features/about-us/components/about-us-page';

export default AboutUsPage;
