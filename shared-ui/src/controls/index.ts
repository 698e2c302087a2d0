// Forms, tables, dialogs and the hooks behind them: what the dashboard's screens and the site's
// forms use, loaded with the first page that shows one (a singleton of its own, like the package's
// main entry). The page frame, theme and feedback every page needs are the main entry's.
export * from './field';
export * from './auth-error-message';
export * from './password-policy-checklist';
export * from './use-schema-form';
export * from './confirm-dialog';
export * from './data-table';
export * from './csv-import-preview';
export * from './selectable-table';
export * from './list-toolbar';
export * from './api-error-message';
export * from './use-api-get';
export * from './load-failed';
export * from './formatted-date';
export * from './relative-time';
export * from './file-button';
export * from './field-list';
export * from './message-bubble';
export * from './page-header';
export * from './pagination';
export * from './text-files';
export * from './progress-bar';
export * from './photo-field';
export * from './use-customer-alerts';
