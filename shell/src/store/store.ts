import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { workspacesSlice } from './workspaces-slice';

// Remotes add their slices later with `rootReducer.inject(slice)`.
export const rootReducer = combineSlices(workspacesSlice);

/** product-spec.md §4: signing out resets every store, the injected remote slices included. */
export const signedOut = createAction('session/signedOut');

export type RootState = ReturnType<typeof rootReducer>;

const appReducer = (state: Partial<RootState> | undefined, action: UnknownAction) =>
  rootReducer(signedOut.match(action) ? undefined : (state as RootState | undefined), action);

export function makeStore(preloadedState?: Partial<RootState>) {
  // Middleware that only some pages need (live queries' sign-out) joins when first used, so the
  // public site does not load it.
  const dynamicMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: appReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().concat(dynamicMiddleware.middleware),
  });
  return Object.assign(store, { addMiddleware: dynamicMiddleware.addMiddleware });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
