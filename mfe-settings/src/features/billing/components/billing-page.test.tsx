import { screen, waitFor, within } from '@testing-library/react';
import { buildBilling, buildBillingChange } from '@testing/data-generators';
import { errorReply, fakeApi, notFoundReply, type FakeRequest } from '@testing/fake-api';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import type { Billing } from 'shared-sdk';
import { BillingPage } from './billing-page';

const billingUrl = '/api/user/billing?workspaceId=ws_fernhill';

async function renderBilling(reply: (request: FakeRequest) => ReturnType<typeof notFoundReply>) {
  const api = fakeApi(reply);
  await signIn();
  const view = renderPage(<BillingPage />, {
    route: '/dashboard/ws_fernhill/settings/billing',
    path: '/dashboard/:workspaceId/settings/billing',
  });
  return { ...view, ...api };
}

const answering = (billing: Billing) => (request: FakeRequest) =>
  request.method === 'GET' && request.url === billingUrl
    ? { status: 200, body: billing }
    : notFoundReply(request);

const section = (name: string | RegExp) => screen.getByRole('region', { name });

describe('Billing', () => {
  it('shows the current plan, the seats and this month’s usage with meters', async () => {
    await renderBilling(answering(buildBilling()));
    const current = await screen.findByRole('region', { name: 'Current plan' });
    expect(within(current).getByText('Free', { selector: 'dd' })).toBeInTheDocument();
    expect(within(current).getByText('Monthly', { selector: 'dd' })).toBeInTheDocument();
    expect(within(current).getByText('Jan 10, 2025')).toBeInTheDocument();
    expect(within(current).getByText(/^1 of 1$/)).toBeInTheDocument();

    const usage = section('Usage in March 2025');
    expect(within(usage).getByRole('progressbar', { name: 'Conversations' })).toHaveAttribute(
      'value',
      '42',
    );
    expect(within(usage).getByText('42 of 100')).toBeInTheDocument();
    expect(
      within(usage).getByText('30 resolved by the bot without a person (71%)'),
    ).toBeInTheDocument();
    expect(within(usage).getByText('12 of 50')).toBeInTheDocument();
    expect(within(usage).getByText('0, not included in your plan')).toBeInTheDocument();
    expect(within(usage).getByText('8 of 25')).toBeInTheDocument();
    expect(screen.queryByText("This workspace is over its plan's limits")).not.toBeInTheDocument();
    expect(within(section('History')).getByText(/No changes yet/)).toBeInTheDocument();
  });

  it('warns of every count over its limit', async () => {
    await renderBilling(
      answering(
        buildBilling({
          seats: { used: 3, included: 1 },
          usage: { ...buildBilling().usage, conversations: 130, products: 4 },
        }),
      ),
    );
    const warning = (await screen.findByText("This workspace is over its plan's limits"))
      .parentElement!;
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Seats: 3 of 1', 'Conversations: 130 of 100', 'Products: 4 of 0']);
    // The bar stops at the limit; the numbers say how far past it.
    const usage = section('Usage in March 2025');
    expect(within(usage).getByRole('progressbar', { name: 'Conversations' })).toHaveAttribute(
      'value',
      '100',
    );
    expect(within(usage).getByText('130 of 100')).toBeInTheDocument();
  });

  it('changes plan through the confirmation dialog, then shows it current and in the history', async () => {
    const change = buildBillingChange({
      toPlan: 'growth',
      toPeriod: 'yearly',
      changedAt: '2025-03-14T15:00:00.000Z',
    });
    const changed = buildBilling({
      plan: 'growth',
      period: 'yearly',
      since: change.changedAt,
      seats: { used: 1, included: 10 },
      limits: { conversations: 5000, qnaPairs: null, products: 10000, webPages: 2000 },
      history: [change],
    });
    const { user, requests } = await renderBilling((request) =>
      request.method === 'POST'
        ? { status: 200, body: changed }
        : answering(buildBilling())(request),
    );
    const chooser = await screen.findByRole('form', { name: 'Change plan' });
    expect(within(chooser).getByRole('button', { name: 'Change plan…' })).toBeDisabled();
    // The period's radio inputs are visually hidden inside their pills: people click the label.
    await user.click(within(chooser).getByRole('radio', { name: 'Yearly' }).closest('label')!);
    await user.click(within(chooser).getByRole('radio', { name: /^Growth/ }));
    expect(within(chooser).getByRole('radio', { name: /^Growth/ })).toHaveAccessibleName(
      /\$1,200 a year \(\$100 a month\)/,
    );
    await user.click(within(chooser).getByRole('button', { name: 'Change plan…' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Move to Growth, billed yearly?' });
    expect(dialog).toHaveTextContent('From Free, billed monthly.');
    expect(dialog).toHaveTextContent('To Growth, billed yearly: $1,200 a year ($100 a month).');
    await user.click(within(dialog).getByRole('button', { name: 'Move to Growth' }));

    expect(
      await screen.findByText('Your workspace is now on Growth, billed yearly.'),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/user/billing-plan',
        body: { workspaceId: 'ws_fernhill', plan: 'growth', period: 'yearly' },
      },
    ]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const current = section('Current plan');
    expect(within(current).getByText('Growth', { selector: 'dd' })).toBeInTheDocument();
    expect(within(current).getByText('$1,200 a year ($100 a month)')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Plan changes (1)' });
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Free → Growth', 'Monthly → Yearly', 'Ada Lovelace', change.providerReference]);
    expect(within(row!).getByRole('rowheader')).toHaveTextContent('Mar 14, 2025');
  });

  it('keeps the dialog open with the reason when the server refuses the change', async () => {
    const message =
      'The Free plan includes 1 seat; this workspace has 3 active members. Remove members first.';
    const { user } = await renderBilling((request) =>
      request.method === 'POST'
        ? errorReply(400, 'invalid-argument', message)
        : answering(buildBilling({ plan: 'starter', seats: { used: 3, included: 3 } }))(request),
    );
    const chooser = await screen.findByRole('form', { name: 'Change plan' });
    await user.click(within(chooser).getByRole('radio', { name: /^Free/ }));
    await user.click(within(chooser).getByRole('button', { name: 'Change plan…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Move to Free, billed monthly?' });
    expect(dialog).toHaveTextContent(
      'The plan includes 1 seat; this workspace has 3 active members.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move to Free' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(section('Current plan')).getByText('Starter', { selector: 'dd' })).toBeVisible();
  });

  it('says when billing could not be loaded, and loads it again on Retry', async () => {
    let fail = true;
    const { user } = await renderBilling((request) =>
      fail ? errorReply(500, 'internal', 'Internal error') : answering(buildBilling())(request),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Internal error');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Current plan' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
