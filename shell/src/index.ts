// Async boundary: shared singletons are negotiated before any of them is imported.
void import('./start-parley');
