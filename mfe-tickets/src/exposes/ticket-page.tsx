import { TicketPage } from '../features/ticket-detail/components/ticket-page';

export default TicketPage;
