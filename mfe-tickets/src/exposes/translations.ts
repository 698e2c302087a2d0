// The tickets area's English strings, loaded by the shell for navigation and page titles
// without loading the area's pages.
const translations = {
  navLabel: 'Tickets',
  pageTitle: 'Tickets',
  detailTitle: 'Ticket {{id}}',
};
export default translations;
