import { TicketsPage } from '../features/tickets-list/components/tickets-page';

export default TicketsPage;
