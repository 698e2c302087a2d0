import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { remotesSlice } from './remotes-slice';

// Remotes add their slices later with `rootReducer.inject(slice)`.
export const rootReducer = combineSlices(remotesSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
