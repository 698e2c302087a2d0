import { ContactUsPage } from '../features/contact-us/contact-us-page';

export default ContactUsPage;
