import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildWorkspace } from '@testing/data-generators';
import { errorReply, fakeApi, notFoundReply } from '@testing/fake-api';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { WorkspaceSettingsPage } from './workspace-settings-page';

const workspace = buildWorkspace({ id: 'ws_fernhill', name: 'Fernhill Bikes', currency: 'USD' });

async function renderSettings(reply: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(reply);
  connectFakeLiveCollections({ workspaces: [{ ...workspace }] });
  await signIn();
  const view = renderPage(<WorkspaceSettingsPage />, {
    route: '/dashboard/ws_fernhill/settings',
    path: '/dashboard/:workspaceId/settings',
  });
  await screen.findByRole('form', { name: 'General' });
  return { ...view, ...api };
}

describe('Workspace settings', () => {
  it('saves the name, web site and currency', async () => {
    const { user, requests } = await renderSettings((request) =>
      request.method === 'PATCH'
        ? { status: 200, body: { ...workspace, currency: 'EUR' } }
        : notFoundReply(request),
    );
    const form = screen.getByRole('form', { name: 'General' });
    expect(within(form).getByLabelText(/^Workspace name/)).toHaveValue('Fernhill Bikes');
    await user.selectOptions(within(form).getByLabelText(/^Currency/), 'EUR');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Workspace settings saved')).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({
      method: 'PATCH',
      url: '/api/user/workspaces',
      body: {
        workspaceId: 'ws_fernhill',
        workspaceName: 'Fernhill Bikes',
        websiteUrl: 'https://fernhill.example',
        currency: 'EUR',
        ticketForwardingEmail: null,
        backgroundColor: workspace.backgroundColor,
      },
    });
  });

  it('forwards tickets to the e-mail typed, refusing one that is not an address, and sets the colour', async () => {
    const { user, requests } = await renderSettings((request) =>
      request.method === 'PATCH'
        ? { status: 200, body: { ...workspace, ...(request.body as object) } }
        : notFoundReply(request),
    );
    const form = screen.getByRole('form', { name: 'General' });
    const forwarding = within(form).getByLabelText(/^Ticket forwarding e-mail/);
    await user.type(forwarding, 'support at fernhill');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(forwarding).toHaveAccessibleDescription(/Please enter a valid e-mail address/);
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);

    await user.clear(forwarding);
    await user.type(forwarding, 'support@fernhill.example');
    fireEvent.input(within(form).getByLabelText(/^Chat window colour/), {
      target: { value: '#0b6e4f' },
    });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Workspace settings saved')).toBeInTheDocument();
    expect(requests.at(-1)?.body).toMatchObject({
      ticketForwardingEmail: 'support@fernhill.example',
      backgroundColor: '#0b6e4f',
    });
  });

  it('shows the workspace id as its key and copies it', async () => {
    const { user } = await renderSettings(notFoundReply);
    expect(screen.getByLabelText('Workspace id')).toHaveValue('ws_fernhill');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Workspace id copied')).toBeInTheDocument();
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe('ws_fernhill');
  });

  it('deletes the workspace only once its name is typed, then goes to the dashboard', async () => {
    const { user, requests } = await renderSettings((request) =>
      request.method === 'DELETE' ? { status: 204 } : notFoundReply(request),
    );
    await user.click(screen.getByRole('button', { name: 'Delete the workspace…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Fernhill Bikes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Type the workspace');
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Workspace name/), 'Fernhill Bikes');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() =>
      expect(requests.at(-1)).toEqual({
        method: 'DELETE',
        url: '/api/user/workspaces',
        body: { workspaceId: 'ws_fernhill' },
      }),
    );
    expect(await screen.findByText('Fernhill Bikes was deleted')).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when deleting fails', async () => {
    const { user } = await renderSettings((request) =>
      request.method === 'DELETE'
        ? errorReply(403, 'permission-denied', 'Only admins may do this')
        : notFoundReply(request),
    );
    await user.click(screen.getByRole('button', { name: 'Delete the workspace…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Fernhill Bikes?' });
    await user.type(within(dialog).getByLabelText(/^Workspace name/), 'Fernhill Bikes');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
  });
});
