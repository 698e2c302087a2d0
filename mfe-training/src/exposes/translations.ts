// The AI training area's English strings, loaded by the shell for navigation and page titles
// without loading the area's pages.
const translations = {
  navLabel: 'AI training',
  pageTitle: 'AI training',
};
export default translations;
