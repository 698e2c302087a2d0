import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { errorReply, type FakeRequest } from '@testing/fake-api';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { fakeWebsitesServer } from '../../../testing/fake-websites-server';
import { buildDiscoveredLinks, fernhillSite } from '../../../testing/website-data';
import { WebsitesPage } from './websites-page';

async function renderWebsites() {
  await signIn();
  return renderPage(<WebsitesPage />, {
    route: '/dashboard/ws_fernhill/ai-training?tab=websites',
    path: '/dashboard/:workspaceId/ai-training',
  });
}

const addSection = () => screen.getByRole('region', { name: 'Add a website' });
const addressField = () => within(addSection()).getByRole('textbox', { name: /^Website address/ });
const progress = () => within(addSection()).getByRole('progressbar', { name: 'Addresses read' });
const posts = (requests: FakeRequest[], url: string) =>
  requests.filter((request) => request.method === 'POST' && request.url === url);

async function findPages(user: UserEvent, address = fernhillSite) {
  await user.type(addressField(), address);
  await user.click(within(addSection()).getByRole('button', { name: 'Find pages' }));
  expect(within(addSection()).getByText('Waiting to start…')).toBeInTheDocument();
  // The job's first news has come: the time it has waited shows.
  await within(addSection()).findByText(/^Time taken/);
}

describe('AI training: finding the pages of a new website', () => {
  it('follows the search live: status, pages found and read, time taken', async () => {
    const server = fakeWebsitesServer();
    const { user } = await renderWebsites();
    await findPages(user);

    expect(posts(server.requests, '/api/user/get-links')).toEqual([
      {
        method: 'POST',
        url: '/api/user/get-links',
        body: { workspaceId: 'ws_fernhill', baseUrl: fernhillSite },
      },
    ]);
    // Nothing found yet: how far it has to go is not known.
    expect(progress()).not.toHaveAttribute('value');

    const startedAt = new Date(Date.now() - 65_000).toISOString();
    await server.updateJob('job_1', {
      status: 'running',
      startedAt,
      pagesFound: 10,
      pagesFetched: 3,
    });
    expect(
      within(addSection()).getByText('Finding pages on fernhill.example…'),
    ).toBeInTheDocument();
    expect(within(addSection()).getByText('Read 3 of 10 addresses found')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('value', '3');
    expect(progress()).toHaveAttribute('max', '10');
    const clock = await within(addSection()).findByText(/^01:0[5-7]$/);
    // It ticks while the search runs.
    const shown = clock.textContent;
    await waitFor(() => expect(clock.textContent).not.toBe(shown), { timeout: 2500 });

    await server.updateJob('job_1', { pagesFound: 40, pagesFetched: 25 });
    expect(within(addSection()).getByText('Read 25 of 40 addresses found')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('value', '25');
    expect(progress()).toHaveAttribute('max', '40');

    await server.updateJob('job_1', {
      status: 'done',
      pagesFetched: 40,
      links: buildDiscoveredLinks(40),
      finishedAt: new Date(Date.parse(startedAt) + 125_000).toISOString(),
    });
    expect(
      within(addSection()).getByText('Done: found 40 pages on fernhill.example.'),
    ).toBeInTheDocument();
    // The clock stops when the search ends.
    expect(within(addSection()).getByText('02:05')).toBeInTheDocument();
    expect(within(addSection()).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(addSection()).getByText('40 of 40 pages selected')).toBeInTheDocument();
  });

  it('refuses an address that is not a web address, beside the field, without a call', async () => {
    const server = fakeWebsitesServer();
    const { user } = await renderWebsites();
    await user.type(addressField(), 'fernhill.example');
    await user.click(within(addSection()).getByRole('button', { name: 'Find pages' }));

    expect(addressField()).toHaveAccessibleDescription(
      expect.stringContaining('Enter a web address starting with http:// or https://'),
    );
    expect(addressField()).toHaveFocus();
    expect(server.requests).toEqual([]);
  });

  it('shows why the API refused the address, beside the field', async () => {
    fakeWebsitesServer({
      override: (request) =>
        request.url === '/api/user/get-links'
          ? errorReply(
              400,
              'invalid-argument',
              'Refused to connect to http://10.0.0.8: 10.0.0.8 is a private address',
            )
          : undefined,
    });
    const { user } = await renderWebsites();
    await user.type(addressField(), 'http://10.0.0.8');
    await user.click(within(addSection()).getByRole('button', { name: 'Find pages' }));

    await waitFor(() =>
      expect(addressField()).toHaveAccessibleDescription(
        expect.stringContaining('10.0.0.8 is a private address'),
      ),
    );
  });

  it('cancels the search and offers the pages found until then', async () => {
    const server = fakeWebsitesServer();
    const { user } = await renderWebsites();
    await findPages(user);
    await server.updateJob('job_1', {
      status: 'running',
      startedAt: new Date().toISOString(),
      pagesFound: 3,
      pagesFetched: 2,
      links: buildDiscoveredLinks(2),
    });

    await user.click(within(addSection()).getByRole('button', { name: 'Cancel' }));

    expect(server.requests.filter((request) => request.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/api/user/get-links/job_1', body: { workspaceId: 'ws_fernhill' } },
    ]);
    expect(
      await within(addSection()).findByText(
        'Cancelled: 2 pages were found before the search stopped.',
      ),
    ).toBeInTheDocument();
    expect(within(addSection()).getByText('2 of 2 pages selected')).toBeInTheDocument();
  });

  it('shows why the search failed, and tries the same address again', async () => {
    const server = fakeWebsitesServer();
    const { user } = await renderWebsites();
    await findPages(user);
    await server.updateJob('job_1', {
      status: 'failed',
      error: 'fernhill.example did not answer within 30 seconds',
      finishedAt: new Date().toISOString(),
    });

    expect(within(addSection()).getByRole('alert')).toHaveTextContent(
      'fernhill.example did not answer within 30 seconds',
    );
    await user.click(within(addSection()).getByRole('button', { name: 'Try again' }));

    expect(await within(addSection()).findByText('Waiting to start…')).toBeInTheDocument();
    expect(within(addSection()).queryByRole('alert')).not.toBeInTheDocument();
    expect(posts(server.requests, '/api/user/get-links').map((request) => request.body)).toEqual([
      { workspaceId: 'ws_fernhill', baseUrl: fernhillSite },
      { workspaceId: 'ws_fernhill', baseUrl: fernhillSite },
    ]);
  });

  it('says when the search stopped at its time limit, and keeps what it found', async () => {
    const server = fakeWebsitesServer();
    const { user } = await renderWebsites();
    await findPages(user);
    await server.updateJob('job_1', {
      status: 'done',
      pagesFound: 900,
      pagesFetched: 512,
      links: buildDiscoveredLinks(512),
      error: 'The 30-minute limit was reached.',
      finishedAt: new Date().toISOString(),
    });

    expect(within(addSection()).getByText('The 30-minute limit was reached.')).toBeInTheDocument();
    expect(within(addSection()).getByText('512 of 512 pages selected')).toBeInTheDocument();
  });

  it('keeps following the search after the page is left and opened again', async () => {
    const server = fakeWebsitesServer();
    const { user, unmount } = await renderWebsites();
    await findPages(user);
    unmount();

    await renderWebsites();
    await within(addSection()).findByText(/^Time taken/);
    await server.updateJob('job_1', { status: 'running', pagesFound: 7, pagesFetched: 1 });
    expect(
      await within(addSection()).findByText('Read 1 of 7 addresses found'),
    ).toBeInTheDocument();
  });
});
