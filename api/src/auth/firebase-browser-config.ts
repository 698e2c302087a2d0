import type { FirebaseRuntimeConfig } from 'shared-sdk';
import type { FirebaseConfig } from '../config';

/** What the browser's Firebase SDK needs, served in the runtime configuration. */
export function firebaseRuntimeConfig(firebase: FirebaseConfig): FirebaseRuntimeConfig {
  return {
    projectId: firebase.projectId,
    apiKey: firebase.apiKey,
    authDomain: `${firebase.projectId}.firebaseapp.com`,
    authEmulatorUrl: firebase.authEmulatorHost ? `http://${firebase.authEmulatorHost}` : null,
  };
}

/** The origins the browser's Firebase SDK calls: the page's CSP must let it connect there. */
export function firebaseBrowserOrigins(firebase: FirebaseConfig): string[] {
  if (firebase.authEmulatorHost) return [`http://${firebase.authEmulatorHost}`];
  return ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
}
