import { screen, waitFor, within } from '@testing-library/react';
import type { WorkspaceUser } from 'shared-sdk';
import {
  deferred,
  errorReply,
  fakeApi,
  notFoundReply,
  type FakeReply,
  type FakeRequest,
} from '@testing/fake-api';
import { buildWorkspaceUser, buildMembers } from '@testing/data-generators';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { ManageUsersPage } from './manage-users-page';

const listUrl = '/api/user/users?workspaceId=ws_fernhill';

/** The members API: GET answers `members`; POST answers `add`. */
function membersApi({
  members = buildMembers(),
  add = () => errorReply(500, 'internal', 'Unexpected POST'),
}: {
  members?: WorkspaceUser[] | (() => FakeReply | Promise<FakeReply>);
  add?: (request: FakeRequest) => FakeReply;
} = {}) {
  return fakeApi((request) => {
    if (request.method === 'GET' && request.url === listUrl) {
      return typeof members === 'function' ? members() : { status: 200, body: members };
    }
    if (request.method === 'POST' && request.url === '/api/user/users') return add(request);
    return notFoundReply(request);
  });
}

async function renderManageUsers() {
  await signIn();
  const view = renderPage(<ManageUsersPage />, {
    route: '/dashboard/ws_fernhill/settings/manage-users',
    path: '/dashboard/:workspaceId/settings/manage-users',
  });
  const emails = () => screen.getByLabelText('E-mail addresses');
  const role = () => screen.getByLabelText('Role');
  const addPeople = () => view.user.click(screen.getByRole('button', { name: 'Add people' }));
  return { ...view, emails, role, addPeople };
}

const table = () => screen.getByRole('table', { name: /^Members/ });
const rowOf = (name: string) =>
  screen.getByRole('link', { name }).closest('tr') as HTMLTableRowElement;

describe('Manage users page', () => {
  it('lists the members with their e-mail, role, status and the date they were added', async () => {
    membersApi();
    await renderManageUsers();

    expect(screen.getByRole('heading', { level: 1, name: 'Manage users' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Members (3)' })).toBeInTheDocument();
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'E-mail', 'Role', 'Status', 'Added']);

    const grace = within(rowOf('Grace Hopper'));
    expect(grace.getByText('grace@fernhill.example')).toBeInTheDocument();
    expect(grace.getByText('Agent')).toBeInTheDocument();
    expect(grace.getByText('Active')).toBeInTheDocument();
    expect(grace.getByText('Feb 3, 2025')).toHaveAttribute('datetime', '2025-02-03T12:00:00.000Z');
    expect(within(rowOf('Alan Turing')).getByText('Disabled')).toBeInTheDocument();
    // The signed-in user is marked.
    expect(within(rowOf('Ada Lovelace')).getByText('You')).toBeInTheDocument();
    expect(grace.queryByText('You')).not.toBeInTheDocument();
    expect(document.title).toBe('Manage users · Parley');
  });

  it('links each member to their page, reachable from the keyboard', async () => {
    membersApi();
    const { user } = await renderManageUsers();
    await screen.findByRole('table');

    expect(screen.getByRole('link', { name: 'Alan Turing' })).toHaveAttribute(
      'href',
      '/dashboard/ws_fernhill/settings/manage-users/wsu_alan',
    );
    screen.getByRole('link', { name: 'Grace Hopper' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/dashboard/ws_fernhill/settings/manage-users/wsu_grace',
    );
  });

  it('shows loading, then an error with a way to try again', async () => {
    const reply = deferred<FakeReply>();
    let answer: () => FakeReply | Promise<FakeReply> = () => reply.promise;
    membersApi({ members: () => answer() });
    const { user } = await renderManageUsers();

    expect(screen.getByText('Loading members…')).toBeInTheDocument();
    reply.resolve(errorReply(503, 'unavailable', 'Service unavailable'));
    // product-spec.md §8's text for this read.
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot fetch users data');

    answer = () => ({ status: 200, body: buildMembers() });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Members (3)' })).toBeInTheDocument();
  });

  it('says so when the workspace has no members', async () => {
    membersApi({ members: [] });
    await renderManageUsers();

    expect(await screen.findByText(/No one is in this workspace yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('adds several people at once and says who was added and who already was a member', async () => {
    const newcomers = [
      buildWorkspaceUser({
        id: 'wsu_katherine',
        userId: 'usr_katherine',
        role: 'admin',
        firstName: 'Katherine',
        lastName: 'Johnson',
        email: 'katherine@fernhill.example',
      }),
      buildWorkspaceUser({
        id: 'wsu_dorothy',
        userId: 'usr_dorothy',
        role: 'admin',
        firstName: 'Dorothy',
        lastName: 'Vaughan',
        email: 'dorothy@fernhill.example',
      }),
    ];
    const { requests } = membersApi({
      add: () => ({
        status: 201,
        body: { added: newcomers, alreadyMembers: ['grace@fernhill.example'] },
      }),
    });
    const { user, emails, role, addPeople } = await renderManageUsers();
    await screen.findByRole('table');

    await user.type(
      emails(),
      'katherine@fernhill.example, grace@fernhill.example{Enter}dorothy@fernhill.example',
    );
    await user.selectOptions(role(), 'Admin');
    await addPeople();

    expect(
      await screen.findByText(
        'Added to the workspace: katherine@fernhill.example, dorothy@fernhill.example.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Already members: grace@fernhill.example.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/user/users',
        body: {
          workspaceId: 'ws_fernhill',
          users: [
            { email: 'katherine@fernhill.example', role: 'admin' },
            { email: 'grace@fernhill.example', role: 'admin' },
            { email: 'dorothy@fernhill.example', role: 'admin' },
          ],
        },
      },
    ]);
    expect(screen.getByRole('table', { name: 'Members (5)' })).toBeInTheDocument();
    expect(within(rowOf('Dorothy Vaughan')).getByText('Admin')).toBeInTheDocument();
    expect(emails()).toHaveValue('');
  });

  it('says which addresses have no Parley account and keeps what was typed', async () => {
    membersApi({
      add: () =>
        errorReply(404, 'auth/user-not-found', 'No Parley account for: ghost@fernhill.example'),
    });
    const { user, emails, addPeople } = await renderManageUsers();
    await screen.findByRole('table');

    await user.type(emails(), 'ghost@fernhill.example');
    await addPeople();

    // About the addresses typed, so told beside them rather than in a toast.
    await waitFor(() =>
      expect(emails()).toHaveAccessibleDescription(
        expect.stringContaining('No Parley account for: ghost@fernhill.example'),
      ),
    );
    expect(emails()).toHaveAccessibleDescription(
      expect.stringContaining('They need to sign up for Parley first'),
    );
    expect(emails()).toHaveValue('ghost@fernhill.example');
    expect(emails()).toHaveFocus();
    expect(screen.getByRole('table', { name: 'Members (3)' })).toBeInTheDocument();
  });

  it('checks the addresses before sending them', async () => {
    const { requests } = membersApi();
    const { user, emails, addPeople } = await renderManageUsers();
    await screen.findByRole('table');

    await addPeople();
    expect(emails()).toHaveAccessibleDescription(
      'One or several, separated by commas or new lines. Please enter at least one e-mail address',
    );
    expect(emails()).toHaveFocus();

    await user.type(emails(), 'ok@fernhill.example, nope, also@bad');
    await addPeople();
    expect(emails()).toHaveAccessibleDescription(
      /These aren't valid e-mail addresses: nope, also@bad$/,
    );
    await waitFor(() => expect(emails()).toHaveFocus());
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
