import { ContactUsPage } from '../features/contact-us/components/contact-us-page';

export default ContactUsPage;
