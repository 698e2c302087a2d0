// The entry the server names in its pages when Firebase Authentication is configured: the same
// shell with Firebase's session. Async boundary, as in index.ts.
void import('./start-firebase');
