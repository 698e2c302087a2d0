// The settings and my-account areas' English strings, loaded by the shell for navigation and
// page titles without loading the areas' pages.
const translations = {
  navLabel: 'Settings',
  pageTitle: 'Workspace settings',
  myAccountTitle: 'My account',
};
export default translations;
