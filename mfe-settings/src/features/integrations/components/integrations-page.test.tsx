import { screen, waitFor, within } from '@testing-library/react';
import type { Webhook, WebhookDelivery } from 'shared-sdk';
import { fakeApi, notFoundReply, type FakeReply, type FakeRequest } from '@testing/fake-api';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { IntegrationsPage } from './integrations-page';

const workspaceId = 'ws_fernhill';
const at = '2026-01-01T10:00:00.000Z';
const webhook: Webhook = {
  id: 'wh_1',
  workspaceId,
  url: 'https://hooks.example/parley',
  events: ['message.created'],
  paused: false,
  pausedReason: null,
  consecutiveFailures: 0,
  lastDeliveryStatus: null,
  lastDeliveryAt: null,
  lastResponseStatus: null,
  createdAt: at,
  updatedAt: at,
};
const delivery = (id: string, status: WebhookDelivery['status'], code: number | null) =>
  ({
    id,
    workspaceId,
    webhookId: 'wh_1',
    event: 'message.created',
    status,
    attempts: [
      {
        number: 1,
        at,
        status: status === 'delivered' ? 'delivered' : 'failed',
        responseStatus: code,
        error: code === null ? 'connection refused' : null,
        durationMs: 42,
        manual: false,
      },
    ],
    nextAttemptAt: null,
    body: '{}',
    createdAt: at,
    updatedAt: at,
  }) satisfies WebhookDelivery;

const noSecret = {
  configured: false,
  required: false,
  createdAt: null,
  rotatedAt: null,
  previousSecretExpiresAt: null,
};
const withSecret = { ...noSecret, configured: true, createdAt: at };

async function renderIntegrations(
  reply: (request: FakeRequest) => FakeReply | undefined = () => undefined,
  { webhooks = [] as Webhook[], installs = [] as { origin: string; seenAt: string }[] } = {},
) {
  const api = fakeApi(
    (request) =>
      reply(request) ??
      (request.url === `/api/user/widget-installs?workspaceId=${workspaceId}`
        ? { status: 200, body: { installs } }
        : request.url === `/api/user/identity-verification?workspaceId=${workspaceId}`
          ? { status: 200, body: noSecret }
          : notFoundReply(request)),
  );
  const live = connectFakeLiveCollections({ webhooks, webhook_deliveries: [] });
  await signIn();
  const view = renderPage(<IntegrationsPage />, {
    route: `/dashboard/${workspaceId}/integrations`,
    path: '/dashboard/:workspaceId/integrations',
  });
  return { ...view, ...api, live };
}

describe('Integrations', () => {
  it("shows the snippet with the workspace's id and copies it", async () => {
    const { user } = await renderIntegrations();
    const snippet = screen.getByLabelText('Widget snippet');
    expect(snippet).toHaveValue(
      `<script async src="${window.location.origin}/widget/loader.js" data-workspace-id="${workspaceId}"></script>`,
    );
    await user.click(
      within(screen.getByRole('region', { name: /Install/ })).getByRole('button', { name: 'Copy' }),
    );
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toContain(`data-workspace-id="${workspaceId}"`);
  });

  it('selects the snippet when the browser refuses the clipboard', async () => {
    const { user } = await renderIntegrations();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(
      within(screen.getByRole('region', { name: /Install/ })).getByRole('button', { name: 'Copy' }),
    );
    expect(await screen.findByText(/did not allow copying/)).toBeInTheDocument();
    expect(screen.getByLabelText('Widget snippet')).toHaveFocus();
  });

  it('says where the widget was seen, or that it was not', async () => {
    await renderIntegrations(undefined, {
      installs: [
        { origin: 'https://shop.example', seenAt: new Date(Date.now() - 120_000).toISOString() },
      ],
    });
    expect(
      await screen.findByText('Seen on https://shop.example 2 minutes ago'),
    ).toBeInTheDocument();
  });

  it('says the widget was not seen yet', async () => {
    await renderIntegrations();
    expect(
      await screen.findByText('Not seen yet: add the snippet to your site'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
  });

  it('adds a webhook and shows its secret once', async () => {
    const { user, requests } = await renderIntegrations((request) =>
      request.method === 'POST' && request.url === '/api/user/webhooks'
        ? { status: 201, body: { id: 'wh_2', secret: 'whsec_shown_once' } }
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Add a webhook' }));
    const form = screen.getByRole('form', { name: 'New webhook' });
    await user.type(within(form).getByLabelText(/^Address/), 'https://hooks.example/in');
    await user.click(within(form).getByRole('checkbox', { name: 'ticket.created' }));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('alertdialog', { name: "The webhook's signing secret" });
    expect(within(dialog).getByLabelText('Signing secret')).toHaveValue('whsec_shown_once');
    expect(within(dialog).getByText(/you will not see it again/)).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({
      method: 'POST',
      url: '/api/user/webhooks',
      body: { workspaceId, url: 'https://hooks.example/in', events: ['ticket.created'] },
    });
    await user.click(within(dialog).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByText('whsec_shown_once')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('whsec_shown_once')).not.toBeInTheDocument();
  });

  it('shows the field error of a bad address and sends nothing', async () => {
    const { user, requests } = await renderIntegrations();
    await user.click(await screen.findByRole('button', { name: 'Add a webhook' }));
    const form = screen.getByRole('form', { name: 'New webhook' });
    await user.type(within(form).getByLabelText(/^Address/), 'ftp://files.example/hook');
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(within(form).getByLabelText(/^Address/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('Choose at least one event')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('renders the delivery log live, and resends a delivery', async () => {
    const { user, requests, live } = await renderIntegrations(
      (request) =>
        request.url === '/api/user/webhook-deliveries-resend'
          ? { status: 200, body: { deliveryId: 'd_1' } }
          : undefined,
      { webhooks: [webhook] },
    );
    await user.click(await screen.findByRole('button', { name: 'Delivery log' }));
    expect(await screen.findByText('Nothing sent yet.')).toBeInTheDocument();
    await live.commit((data) => {
      data.webhook_deliveries = [
        delivery('d_2', 'failed', null),
        delivery('d_1', 'delivered', 200),
      ];
    });
    const table = await screen.findByRole('region', { name: /Latest deliveries/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const failed = rows.find((row) => within(row).queryByText('Failed'))!;
    const delivered = rows.find((row) => within(row).queryByText('Delivered'))!;
    expect(within(failed).getByText('No answer: connection refused')).toBeInTheDocument();
    expect(within(delivered).getByText('200')).toBeInTheDocument();
    expect(within(delivered).getByText('42 ms')).toBeInTheDocument();
    await user.click(within(delivered).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Delivery sent again')).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({
      method: 'POST',
      url: '/api/user/webhook-deliveries-resend',
      body: { workspaceId, deliveryId: 'd_1' },
    });
  });

  it('asks before deleting a webhook', async () => {
    const { user, requests } = await renderIntegrations(
      (request) => (request.method === 'DELETE' ? { status: 204 } : undefined),
      { webhooks: [webhook] },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this webhook?' });
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete the webhook' }));
    expect(await screen.findByText('Webhook deleted')).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({
      method: 'DELETE',
      url: '/api/user/webhooks',
      body: { workspaceId, webhookId: 'wh_1' },
    });
  });

  describe('identity verification', () => {
    it('shows the secret once when created, then never again, and turns verification on', async () => {
      const secret = 'pvid_shown-once';
      const { user, requests } = await renderIntegrations((request) => {
        if (request.method === 'POST' && request.url === '/api/user/identity-verification') {
          return { status: 201, body: { ...withSecret, secret } };
        }
        if (request.method === 'PATCH' && request.url === '/api/user/identity-verification') {
          return { status: 200, body: { ...withSecret, required: true } };
        }
        return undefined;
      });
      const panel = within(await screen.findByRole('region', { name: 'Identity verification' }));
      expect(await panel.findByText(/No identity secret yet/)).toBeInTheDocument();
      // Nothing to require before there is a secret to check against.
      expect(panel.getByRole('checkbox', { name: 'Require verified identity' })).toBeDisabled();

      await user.click(panel.getByRole('button', { name: 'Create the identity secret' }));
      const dialog = within(
        await screen.findByRole('alertdialog', { name: 'The identity secret' }),
      );
      expect(dialog.getByLabelText('Identity secret')).toHaveValue(secret);
      await user.click(dialog.getByRole('button', { name: 'I have copied it' }));
      await waitFor(() => expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument());
      expect(panel.getByText(/Secret created/)).toBeInTheDocument();

      await user.click(panel.getByRole('checkbox', { name: 'Require verified identity' }));
      expect(await screen.findByText('Verified identity is now required.')).toBeInTheDocument();
      expect(requests.at(-1)).toEqual({
        method: 'PATCH',
        url: '/api/user/identity-verification',
        body: { workspaceId, required: true },
      });
      expect(panel.getByRole('checkbox', { name: 'Require verified identity' })).toBeChecked();
    });

    it('rotates after confirmation, saying how long the previous secret still works', async () => {
      const until = '2026-01-02T10:00:00.000Z';
      const { user } = await renderIntegrations((request) => {
        if (request.url === `/api/user/identity-verification?workspaceId=${workspaceId}`) {
          return { status: 200, body: withSecret };
        }
        if (request.url === '/api/user/identity-verification-rotate') {
          return {
            status: 200,
            body: {
              ...withSecret,
              rotatedAt: at,
              previousSecretExpiresAt: until,
              secret: 'pvid_new',
            },
          };
        }
        return undefined;
      });
      const panel = within(await screen.findByRole('region', { name: 'Identity verification' }));
      await user.click(await panel.findByRole('button', { name: 'Rotate the secret' }));
      const confirm = within(
        await screen.findByRole('alertdialog', { name: /Rotate the identity/ }),
      );
      expect(confirm.getByText(/still accepted for 24 hours/)).toBeInTheDocument();
      await user.click(confirm.getByRole('button', { name: 'Rotate' }));
      const shown = within(await screen.findByRole('alertdialog', { name: 'The identity secret' }));
      expect(shown.getByLabelText('Identity secret')).toHaveValue('pvid_new');
      expect(panel.getByText(/previous secret is still accepted until/)).toBeInTheDocument();
    });
  });
});
