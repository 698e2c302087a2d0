import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type RemoteStatus = 'ready' | 'unavailable';

interface RemotesState {
  /** Keyed by remote name (e.g. "mfe-marketing"); absent until the remote is first used. */
  status: Record<string, RemoteStatus>;
  /** Bumped by "try again" so pages of that remote load afresh. */
  attempt: Record<string, number>;
}

const initialState: RemotesState = { status: {}, attempt: {} };

export const remotesSlice = createSlice({
  name: 'remotes',
  initialState,
  reducers: {
    remoteLoaded(state, action: PayloadAction<string>) {
      state.status[action.payload] = 'ready';
    },
    remoteFailed(state, action: PayloadAction<string>) {
      state.status[action.payload] = 'unavailable';
    },
    remoteRetried(state, action: PayloadAction<string>) {
      state.attempt[action.payload] = (state.attempt[action.payload] ?? 0) + 1;
      delete state.status[action.payload];
    },
  },
  selectors: {
    selectRemoteStatus: (state, name: string) => state.status[name],
    selectRemoteAttempt: (state, name: string) => state.attempt[name] ?? 0,
  },
});

export const { remoteLoaded, remoteFailed, remoteRetried } = remotesSlice.actions;
export const { selectRemoteStatus, selectRemoteAttempt } = remotesSlice.selectors;
