// The products area's English strings, loaded by the shell for navigation and page titles
// without loading the area's pages.
const translations = {
  navLabel: 'Products',
  pageTitle: 'Products',
};
export default translations;
