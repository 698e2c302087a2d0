// The Firebase web SDK (modular), in a module of its own: the Firebase session imports it only
// when a user signs in, up or back, so pages that never need it never load it.
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  deleteUser,
  EmailAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updateEmail,
  updatePassword,
  updateProfile,
  verifyBeforeUpdateEmail,
} from 'firebase/auth';
import type { Auth, User } from 'firebase/auth';
import type { FirebaseRuntimeConfig } from '../schemas/runtime-config';

export type { Auth, User };

export function connectFirebaseAuth(config: FirebaseRuntimeConfig): Auth {
  const app = initializeApp(
    { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId },
    'parley',
  );
  // initializeAuth instead of getAuth: no popup/redirect resolver, which e-mail and password
  // sign-in does not use, and which is most of getAuth's size.
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  });
  if (config.authEmulatorUrl) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  return auth;
}

export const firebaseAuth = {
  signIn: (auth: Auth, email: string, password: string) =>
    signInWithEmailAndPassword(auth, email, password),
  async signUp(auth: Auth, email: string, password: string, displayName: string) {
    const { user } = await createUserWithEmailAndPassword(auth, email, password);
    // product-spec.md §5: the display name is first and last name joined by a space.
    await updateProfile(user, { displayName });
    return user;
  },
  sendPasswordReset: (auth: Auth, email: string, continueUrl: string) =>
    sendPasswordResetEmail(auth, email, { url: continueUrl }),
  confirmPasswordReset: (auth: Auth, code: string, newPassword: string) =>
    confirmPasswordReset(auth, code, newPassword),
  /** product-spec.md §5: sensitive changes re-authenticate with the current password first. */
  async reauthenticate(user: User, password: string) {
    await reauthenticateWithCredential(
      user,
      EmailAuthProvider.credential(user.email ?? '', password),
    );
  },
  updatePassword: (user: User, newPassword: string) => updatePassword(user, newPassword),
  updateEmail: (user: User, email: string) => updateEmail(user, email),
  /** Where e-mail enumeration protection refuses updateEmail: the change waits for the link. */
  verifyBeforeUpdateEmail: (user: User, email: string, continueUrl: string) =>
    verifyBeforeUpdateEmail(user, email, { url: continueUrl }),
  deleteUser: (user: User) => deleteUser(user),
  signOut: (auth: Auth) => signOut(auth),
};
