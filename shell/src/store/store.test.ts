import { makeStore, rootReducer, signedOut } from './store';
import { createSlice } from '@reduxjs/toolkit';
import { buildWorkspaceUser } from '@testing/data-generators';
import { fetchWorkspaces, selectIsAdmin } from './workspaces-slice';

describe('store', () => {
  it('resets every store on sign-out, injected remote slices included (product-spec.md §4)', () => {
    const notes = createSlice({
      name: 'notes',
      initialState: { items: [] as string[] },
      reducers: {
        added: (state, action: { payload: string }) => void state.items.push(action.payload),
      },
    });
    rootReducer.inject(notes);
    const store = makeStore();
    store.dispatch(notes.actions.added('hello'));
    store.dispatch(fetchWorkspaces.fulfilled([buildWorkspaceUser()], 'request-1'));
    expect(store.getState()).toMatchObject({
      notes: { items: ['hello'] },
      workspaces: { status: 'loaded' },
    });

    store.dispatch(signedOut());
    expect(store.getState()).toMatchObject({
      notes: { items: [] },
      workspaces: { status: 'idle', memberships: [] },
    });
  });

  it('knows whether the user is admin of a workspace once memberships are loaded', () => {
    const store = makeStore();
    expect(selectIsAdmin(store.getState(), 'ws-1')).toBeUndefined();
    store.dispatch(
      fetchWorkspaces.fulfilled(
        [
          buildWorkspaceUser({ workspaceId: 'ws-1', role: 'admin' }),
          buildWorkspaceUser({ workspaceId: 'ws-2', role: 'agent' }),
          buildWorkspaceUser({ workspaceId: 'ws-3', role: 'admin', status: 'disabled' }),
        ],
        'request-1',
      ),
    );
    expect(selectIsAdmin(store.getState(), 'ws-1')).toBe(true);
    expect(selectIsAdmin(store.getState(), 'ws-2')).toBe(false);
    expect(selectIsAdmin(store.getState(), 'ws-3')).toBe(false);
    expect(selectIsAdmin(store.getState(), 'ws-9')).toBe(false);
  });
});
