import {
  createAsyncThunk,
  createSlice,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import {
  call,
  toActionResult,
  workspaceEndpoints,
  type ActionResult,
  type WorkspaceUser,
} from 'shared-sdk';

interface WorkspacesState {
  /** The signed-in user's workspace_user links, each with its workspace (product-spec.md §3). */
  memberships: WorkspaceUser[];
  status: 'idle' | 'loading' | 'loaded' | 'error';
}

const initialState: WorkspacesState = { memberships: [], status: 'idle' };

export const fetchWorkspaces = createAsyncThunk('workspaces/fetch', () =>
  call(workspaceEndpoints.list),
);

export const createWorkspace = createAsyncThunk(
  'workspaces/create',
  (request: { workspaceName: string; websiteUrl: string }) =>
    call(workspaceEndpoints.create, request),
);

export const workspacesSlice = createSlice({
  name: 'workspaces',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchWorkspaces.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchWorkspaces.fulfilled, (state, action) => {
        state.memberships = action.payload;
        state.status = 'loaded';
      })
      .addCase(fetchWorkspaces.rejected, (state) => {
        state.status = 'error';
      })
      .addCase(createWorkspace.fulfilled, (state, action) => {
        state.memberships.push(action.payload);
      });
  },
  selectors: {
    selectMemberships: (state) => state.memberships,
    selectWorkspacesStatus: (state) => state.status,
    /** true / false once memberships are loaded; undefined while they are not. */
    selectIsAdmin: (state, workspaceId: string) =>
      state.status !== 'loaded'
        ? undefined
        : state.memberships.some(
            (link) =>
              link.workspaceId === workspaceId && link.role === 'admin' && link.status === 'active',
          ),
  },
});

export const { selectMemberships, selectWorkspacesStatus, selectIsAdmin } =
  workspacesSlice.selectors;

// product-spec.md §8: every store action resolves to { status: 'done' } or { status: 'error', error }.
type StoreAction<T> = ThunkAction<Promise<ActionResult<T>>, unknown, unknown, UnknownAction>;

export const loadWorkspaces = (): StoreAction<WorkspaceUser[]> => (dispatch) =>
  toActionResult(dispatch(fetchWorkspaces()).unwrap());

export const addWorkspace =
  (request: { workspaceName: string; websiteUrl: string }): StoreAction<WorkspaceUser> =>
  (dispatch) =>
    toActionResult(dispatch(createWorkspace(request)).unwrap());
