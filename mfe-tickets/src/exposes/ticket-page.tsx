import { TicketPage } from '../features/ticket-detail/ticket-page';

export default TicketPage;
