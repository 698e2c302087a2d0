import { screen, waitFor, within } from '@testing-library/react';
import { errorReply, type FakeReply, type FakeRequest } from '@testing/fake-api';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { fakeWebsitesServer } from '../../../testing/fake-websites-server';
import {
  buildDiscoveredLinks,
  buildWebpage,
  buildWebsite,
  fernhillSite,
} from '../../../testing/website-data';
import { WebsitesPage } from './websites-page';

const hours = buildWebpage();
const careers = buildWebpage({
  url: `${fernhillSite}/careers`,
  title: 'Careers',
  state: 'skipped',
  reason: 'robots.txt does not allow it',
  readAt: null,
});
const oldShop = buildWebpage({
  url: `${fernhillSite}/old-shop`,
  title: 'Old shop',
  state: 'failed',
  reason: 'The server answered 404 Not Found',
  readAt: null,
});
const repairs = buildWebpage({
  url: `${fernhillSite}/repairs`,
  title: 'Repairs',
  state: 'pending',
  readAt: null,
});
const fernhill = buildWebsite({ pages: [hours, careers, oldShop, repairs] });

async function renderWebsites({
  websites = [fernhill],
  override,
}: {
  websites?: ReturnType<typeof buildWebsite>[];
  override?: (request: FakeRequest) => FakeReply | undefined;
} = {}) {
  const server = fakeWebsitesServer({ websites, override });
  await signIn();
  const view = renderPage(<WebsitesPage />, {
    route: '/dashboard/ws_fernhill/ai-training?tab=websites',
    path: '/dashboard/:workspaceId/ai-training',
  });
  return { ...view, server };
}

const card = () => screen.getByRole('article', { name: fernhillSite });
const inCard = () => within(card());
const writes = (requests: FakeRequest[]) => requests.filter((request) => request.method !== 'GET');

describe('AI training: the websites list', () => {
  it('starts empty, saying what to do', async () => {
    await renderWebsites({ websites: [] });
    expect(
      await screen.findByText(
        "No websites yet: add your site's address and choose the pages the bot may answer from.",
      ),
    ).toBeInTheDocument();
  });

  it('shows how the pages stand, and the reading progress while pages wait', async () => {
    const { user } = await renderWebsites();
    await screen.findByRole('article', { name: fernhillSite });

    expect(
      within(inCard().getByRole('list', { name: 'Pages by state' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 read', '1 waiting', '1 skipped', '1 failed']);
    expect(inCard().getByText(/^Last synced/)).toHaveTextContent('Mar 4, 2025');
    expect(inCard().getByText('Reading pages… 3 of 4')).toBeInTheDocument();
    const reading = inCard().getByRole('progressbar', { name: 'Pages read' });
    expect(reading).toHaveAttribute('value', '3');
    expect(reading).toHaveAttribute('max', '4');

    await user.click(inCard().getByRole('button', { name: 'Show its 4 pages' }));
    const pages = inCard().getByRole('list', { name: 'Pages of fernhill.example' });
    const items = within(pages).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Opening hours.*Read/),
      expect.stringMatching(/Careers.*Skipped: robots.txt does not allow it.*Skipped/),
      expect.stringMatching(/Old shop.*Failed: The server answered 404 Not Found.*Failed/),
      expect.stringMatching(/^Repairs.*Waiting/),
    ]);
    const link = within(items[1]!).getByRole('link', { name: /^Careers/ });
    expect(link).toHaveAttribute('href', `${fernhillSite}/careers`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('follows the pages being read, live', async () => {
    const { server } = await renderWebsites();
    await screen.findByText('Reading pages… 3 of 4');

    await server.updateWebsite(fernhill.id, (website) => ({
      ...website,
      pages: website.pages.map((page) =>
        page.state === 'pending'
          ? { ...page, state: 'indexed', readAt: '2025-03-05T10:00:00.000Z' }
          : page,
      ),
    }));
    expect(inCard().queryByText(/^Reading pages/)).not.toBeInTheDocument();
    expect(inCard().getByText('2 read')).toBeInTheDocument();
    expect(inCard().getByText(/^Last synced/)).toHaveTextContent('Mar 5, 2025');
  });

  it('removes a page only after confirming, sending the links that stay', async () => {
    const { user, server } = await renderWebsites();
    await user.click(await screen.findByRole('button', { name: 'Show its 4 pages' }));
    const remove = inCard().getByRole('button', { name: 'Remove Careers' });

    await user.click(remove);
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(writes(server.requests)).toEqual([]);

    await user.click(remove);
    expect(screen.getByRole('alertdialog', { name: 'Remove this page?' })).toHaveTextContent(
      'The bot stops answering from “Careers” at once.',
    );
    await user.click(screen.getByRole('button', { name: 'Remove page' }));

    expect(await screen.findByText('Page removed: Careers')).toBeInTheDocument();
    expect(writes(server.requests)).toEqual([
      {
        method: 'PATCH',
        url: '/api/user/ai-training-websites',
        body: {
          workspaceId: 'ws_fernhill',
          websiteId: fernhill.id,
          links: [hours.url, oldShop.url, repairs.url],
        },
      },
    ]);
    await waitFor(() =>
      expect(inCard().queryByRole('link', { name: /^Careers/ })).not.toBeInTheDocument(),
    );
    expect(inCard().getByRole('button', { name: 'Hide its 3 pages' })).toBeInTheDocument();
  });

  it("offers no Remove for a website's last page: that is deleting the website", async () => {
    const { user } = await renderWebsites({ websites: [buildWebsite({ pages: [hours] })] });
    await user.click(await screen.findByRole('button', { name: 'Show its page' }));
    expect(inCard().getByRole('link', { name: /^Opening hours/ })).toBeInTheDocument();
    expect(inCard().queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('deletes the website after a confirmation that says how many pages the bot forgets', async () => {
    const { user, server } = await renderWebsites();
    await user.click(
      await screen.findByRole('button', { name: 'Delete website fernhill.example' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete fernhill.example?' });
    expect(dialog).toHaveTextContent('The bot forgets its 4 pages at once. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete website' }));

    expect(await screen.findByText('Website deleted: fernhill.example')).toBeInTheDocument();
    expect(writes(server.requests)).toEqual([
      {
        method: 'DELETE',
        url: '/api/user/ai-training-websites',
        body: { workspaceId: 'ws_fernhill', websiteId: fernhill.id },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Your websites' })).toHaveFocus();
  });

  it('keeps the dialog open with the reason when the delete fails', async () => {
    const { user } = await renderWebsites({
      override: (request) =>
        request.method === 'DELETE'
          ? errorReply(403, 'permission-denied', 'Only admins of the workspace can do this')
          : undefined,
    });
    await user.click(
      await screen.findByRole('button', { name: 'Delete website fernhill.example' }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete website' }));

    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only admins of the workspace can do this',
    );
    expect(card()).toBeInTheDocument();
  });

  it('re-syncs the website', async () => {
    const { user, server } = await renderWebsites();
    await user.click(await screen.findByRole('button', { name: 'Re-sync fernhill.example' }));

    expect(
      await screen.findByText('Reading the 4 pages of fernhill.example again.'),
    ).toBeInTheDocument();
    expect(writes(server.requests)).toEqual([
      {
        method: 'POST',
        url: '/api/user/ai-training-websites-resync',
        body: { workspaceId: 'ws_fernhill', websiteId: fernhill.id },
      },
    ]);
  });

  it('adds pages: searches the site again, offers only new links, sends old and new', async () => {
    const { user, server } = await renderWebsites();
    await user.click(await screen.findByRole('button', { name: 'Add pages to fernhill.example' }));
    const adding = inCard().getByRole('region', { name: 'Add pages to fernhill.example' });
    await within(adding).findByText(/^Time taken/);
    const found = [
      { url: hours.url, title: 'Opening hours' },
      ...buildDiscoveredLinks(2),
      { url: repairs.url, title: 'Repairs' },
    ];
    await server.updateJob('job_1', {
      status: 'done',
      pagesFound: 4,
      pagesFetched: 4,
      links: found,
      finishedAt: new Date().toISOString(),
    });

    expect(
      within(adding)
        .getAllByRole('checkbox')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([`Page 1, ${fernhillSite}/page-1`, `Page 2, ${fernhillSite}/page-2`]);
    await user.click(within(adding).getByRole('button', { name: 'Add the selected pages' }));

    expect(await screen.findByText('2 pages added to fernhill.example.')).toBeInTheDocument();
    expect(writes(server.requests).map((request) => request.body)).toEqual([
      { workspaceId: 'ws_fernhill', baseUrl: fernhillSite },
      {
        workspaceId: 'ws_fernhill',
        websiteId: fernhill.id,
        links: [...fernhill.links, `${fernhillSite}/page-1`, `${fernhillSite}/page-2`],
      },
    ]);
    expect(inCard().queryByRole('region', { name: /^Add pages/ })).not.toBeInTheDocument();
    expect(await inCard().findByText('3 waiting')).toBeInTheDocument();
  });
});
