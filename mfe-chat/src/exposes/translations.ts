// The chat takeover area's English strings, loaded by the shell for navigation and page titles
// without loading the area's pages.
const translations = {
  navLabel: 'Chat takeover',
  pageTitle: 'Chat takeover',
  detailTitle: 'Conversation {{id}}',
};
export default translations;
