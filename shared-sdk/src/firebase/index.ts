// shared-sdk/firebase: the session of Firebase Authentication. An entry of its own, imported only
// by the shell's Firebase build (main-firebase.js), so a page without Firebase loads none of it.
import { provideSession, type Session } from 'shared-sdk';
import { createFirebaseSession, type FirebaseSessionOptions } from './firebase-session';

/** Makes Firebase's session the page's one session, the one every remote reads. */
export function configureFirebaseSession(options: FirebaseSessionOptions): Session {
  return provideSession(createFirebaseSession(options));
}
