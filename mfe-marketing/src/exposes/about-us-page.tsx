import { AboutUsPage } from '../features/about-us/about-us-page';

export default AboutUsPage;
