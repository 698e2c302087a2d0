import { TicketsPage } from '../features/tickets-list/tickets-page';

export default TicketsPage;
