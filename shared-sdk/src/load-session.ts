import type { FirebaseRuntimeConfig } from './schemas/runtime-config';
import { configureSession, provideSession } from './session';
import type { Session, SessionOptions } from './session';

/**
 * The page's one session, of the provider the runtime configuration names. Firebase's session
 * is a module of its own, loaded only then: without Firebase the page loads none of it.
 */
export async function loadSession(
  options: SessionOptions & { firebase?: FirebaseRuntimeConfig },
): Promise<Session> {
  if (!options.firebase) return configureSession(options);
  const { createFirebaseSession } = await import('./firebase/firebase-session');
  return provideSession(createFirebaseSession({ ...options, firebase: options.firebase }));
}
