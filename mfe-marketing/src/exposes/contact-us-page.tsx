import { ContactUsPage } from '../features/contact-us/components/contact-us-page';

export default ContactUsPage;
// The prerender step writes the server's answer to the form posted as HTML from this.
export { contactFormAnswer as formAnswer } from '../features/contact-us/form-answer';
