import { combineSlices, configureStore, createAction, type UnknownAction } from '@reduxjs/toolkit';
import { remotesSlice } from './remotes-slice';
import { workspacesSlice } from './workspaces-slice';

// Remotes add their slices later with `rootReducer.inject(slice)`.
export const rootReducer = combineSlices(remotesSlice, workspacesSlice);

/** spec §4: signing out resets every store, the injected remote slices included. */
export const signedOut = createAction('session/signedOut');

export type RootState = ReturnType<typeof rootReducer>;

const appReducer = (state: Partial<RootState> | undefined, action: UnknownAction) =>
  rootReducer(signedOut.match(action) ? undefined : (state as RootState | undefined), action);

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: appReducer, preloadedState });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
