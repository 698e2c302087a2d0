import { screen, waitFor, within } from '@testing-library/react';
import { PageError, type WorkspaceUser } from 'shared-sdk';
import { CaptureErrors } from '@testing/capture-errors';
import {
  errorReply,
  fakeApi,
  notFoundReply,
  type FakeReply,
  type FakeRequest,
} from '@testing/fake-api';
import { buildMembers } from '@testing/data-generators';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { ManageUsersPage } from './manage-users-page';
import { WorkspaceUserPage } from './workspace-user-page';

const listUrl = '/api/user/users?workspaceId=ws_fernhill';
const lastAdmin = () => errorReply(400, 'invalid-argument', 'A workspace needs at least one admin');

/** The members API: GET lists the members; PATCH and DELETE answer as the test says. */
function membersApi({
  patch = (request) => {
    const member = buildMembers().find(
      (candidate) => candidate.id === (request.body as { workspaceUserId: string }).workspaceUserId,
    );
    return { status: 200, body: { ...member, ...(request.body as Partial<WorkspaceUser>) } };
  },
  remove = () => ({ status: 204 }),
}: {
  patch?: (request: FakeRequest) => FakeReply;
  remove?: (request: FakeRequest) => FakeReply;
} = {}) {
  const api = fakeApi((request) => {
    if (request.url === listUrl && request.method === 'GET') {
      return { status: 200, body: buildMembers() };
    }
    if (request.url === '/api/user/users' && request.method === 'PATCH') return patch(request);
    if (request.url === '/api/user/users' && request.method === 'DELETE') return remove(request);
    return notFoundReply(request);
  });
  const sent = (method: string) => api.requests.filter((request) => request.method === method);
  return { ...api, sent };
}

async function renderMember(workspaceUserId: string, onError?: (error: unknown) => void) {
  await signIn();
  const view = renderPage(
    <CaptureErrors onError={onError}>
      <WorkspaceUserPage />
    </CaptureErrors>,
    {
      route: `/dashboard/ws_fernhill/settings/manage-users/${workspaceUserId}`,
      path: '/dashboard/:workspaceId/settings/manage-users/:workspaceUserId',
      otherRoutes: [
        { path: '/dashboard/:workspaceId/settings/manage-users', element: <ManageUsersPage /> },
      ],
    },
  );
  return view;
}

const saveButton = () => screen.getByRole('button', { name: 'Save changes' });
const dialog = () => screen.getByRole('alertdialog');

describe('Workspace user page', () => {
  it("shows the member's details, role and status", async () => {
    membersApi();
    await renderMember('wsu_grace');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('grace@fernhill.example').length).toBeGreaterThan(0);
    expect(screen.getByText('Feb 3, 2025')).toBeInTheDocument();
    expect(screen.getByText('Fernhill Bikes')).toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toHaveValue('agent');
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    expect(screen.queryByText('This is you.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All members/ })).toHaveAttribute(
      'href',
      '/dashboard/ws_fernhill/settings/manage-users',
    );
    expect(document.title).toBe('Grace Hopper · Parley');
  });

  it('says so when the member is the signed-in user', async () => {
    membersApi();
    await renderMember('wsu_ada');

    expect(await screen.findByText('This is you.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove yourself' })).toBeInTheDocument();
  });

  it('changes the role with PATCH, sending only what changed', async () => {
    const { sent } = membersApi();
    const { user } = await renderMember('wsu_grace');
    await screen.findByLabelText('Role');

    await user.click(saveButton());
    expect(await screen.findByText('There are no changes to save.')).toBeInTheDocument();
    expect(sent('PATCH')).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Role'), 'Admin');
    await user.click(saveButton());

    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(sent('PATCH')).toEqual([
      {
        method: 'PATCH',
        url: '/api/user/users',
        body: { workspaceUserId: 'wsu_grace', role: 'admin' },
      },
    ]);
    // The header follows what the server answered.
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Admin')).toBeInTheDocument();
  });

  it('disables a member', async () => {
    const { sent } = membersApi();
    const { user } = await renderMember('wsu_grace');

    await user.selectOptions(await screen.findByLabelText('Status'), 'Disabled');
    await user.click(saveButton());

    await screen.findByText('Changes saved.');
    expect(sent('PATCH').map((request) => request.body)).toEqual([
      { workspaceUserId: 'wsu_grace', status: 'disabled' },
    ]);
    expect(within(screen.getByRole('banner')).getByText('Disabled')).toBeInTheDocument();
  });

  it('explains that the last admin cannot be demoted', async () => {
    membersApi({ patch: lastAdmin });
    const { user } = await renderMember('wsu_ada');

    await user.selectOptions(await screen.findByLabelText('Role'), 'Agent');
    await user.click(saveButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A workspace needs at least one admin. Make another member an admin first, then try again.',
    );
    expect(screen.getByLabelText('Role')).toHaveValue('agent');
    expect(within(screen.getByRole('banner')).getByText('Admin')).toBeInTheDocument();
  });

  it('asks for confirmation before removing; Escape cancels and sends nothing', async () => {
    const { sent } = membersApi();
    const { user } = await renderMember('wsu_grace');
    const removeButton = await screen.findByRole('button', { name: 'Remove Grace Hopper' });

    await user.click(removeButton);

    expect(dialog()).toHaveAccessibleName('Remove Grace Hopper from Fernhill Bikes?');
    expect(dialog()).toHaveAccessibleDescription(
      'Grace Hopper loses access to Fernhill Bikes straight away. Their Parley account stays.',
    );
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // Tab stays inside the dialog.
    await user.tab();
    expect(within(dialog()).getByRole('button', { name: 'Remove Grace Hopper' })).toHaveFocus();
    await user.tab();
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(removeButton).toHaveFocus();
    expect(sent('DELETE')).toEqual([]);
  });

  it('removes the member with DELETE and goes back to the list', async () => {
    const { sent } = membersApi();
    const { user } = await renderMember('wsu_grace');

    await user.click(await screen.findByRole('button', { name: 'Remove Grace Hopper' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove Grace Hopper' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage users' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper was removed from the workspace.')).toBeInTheDocument();
    expect(sent('DELETE')).toEqual([
      { method: 'DELETE', url: '/api/user/users', body: { workspaceUserId: 'wsu_grace' } },
    ]);
  });

  it('keeps the dialog open and explains when the last admin would be removed', async () => {
    membersApi({ remove: lastAdmin });
    const { user } = await renderMember('wsu_ada');

    await user.click(await screen.findByRole('button', { name: 'Remove yourself' }));
    expect(dialog()).toHaveAccessibleName('Remove yourself from Fernhill Bikes?');
    await user.click(within(dialog()).getByRole('button', { name: 'Remove myself' }));

    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'A workspace needs at least one admin.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it("is the shell's 404 page for someone who is not a member", async () => {
    membersApi();
    // React reports the error the boundary catches.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onError = jest.fn();
    await renderMember('wsu_nobody', onError);

    await waitFor(() => expect(onError).toHaveBeenCalled());
    const error: unknown = onError.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(PageError);
    expect(error).toMatchObject({
      status: 404,
      message: 'Page Not Found: /dashboard/ws_fernhill/settings/manage-users/wsu_nobody',
    });
    consoleError.mockRestore();
  });
});
