import { configureSession } from 'shared-sdk';
import { configureFirebaseSession } from 'shared-sdk/firebase';
import { start } from './bootstrap';

// The server names this entry in its pages only when its configuration has Firebase. A runtime
// configuration without it (the server could not be asked) keeps the previous behaviour:
// Parley's session, whose calls then fail with the spec's network error.
void start(({ firebase, ...options }) =>
  firebase ? configureFirebaseSession({ ...options, firebase }) : configureSession(options),
);
