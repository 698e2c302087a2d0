/** product-spec.md §4: the name of the workspace created at sign-up (English text of 'yourWorkspace'). */
export const defaultWorkspaceName = 'Your workspace';
