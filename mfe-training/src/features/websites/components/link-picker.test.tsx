import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { DiscoveredLink } from 'shared-sdk/schemas';
import { errorReply, type FakeReply, type FakeRequest } from '@testing/fake-api';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { fakeWebsitesServer } from '../../../testing/fake-websites-server';
import { buildDiscoveredLinks, fernhillSite } from '../../../testing/website-data';
import { WebsitesPage } from './websites-page';

const addSection = () => screen.getByRole('region', { name: 'Add a website' });
const inAdd = () => within(addSection());
const box = (title: string) => inAdd().getByRole('checkbox', { name: `${title}, ${urlOf(title)}` });
const urlOf = (title: string) => `${fernhillSite}/${title.toLowerCase().replace(' ', '-')}`;
const count = (text: string) => expect(inAdd().getByText(text)).toBeInTheDocument();
const saveButton = () => inAdd().getByRole('button', { name: 'Save website' });

/** The admin searched fernhill.example, and the search found `links`. */
async function pick(
  links: DiscoveredLink[],
  override?: (request: FakeRequest) => FakeReply | undefined,
) {
  const server = fakeWebsitesServer({ override });
  await signIn();
  const view = renderPage(<WebsitesPage />, {
    route: '/dashboard/ws_fernhill/ai-training?tab=websites',
    path: '/dashboard/:workspaceId/ai-training',
  });
  await view.user.type(inAdd().getByRole('textbox', { name: /^Website address/ }), fernhillSite);
  await view.user.click(inAdd().getByRole('button', { name: 'Find pages' }));
  await inAdd().findByText(/^Time taken/);
  await server.updateJob('job_1', {
    status: 'done',
    pagesFound: links.length,
    pagesFetched: links.length,
    links,
    finishedAt: new Date().toISOString(),
  });
  return { ...view, server };
}

const filter = async (user: UserEvent, text: string) => {
  const field = inAdd().getByRole('searchbox', { name: /^Filter pages/ });
  await user.clear(field);
  if (text) await user.type(field, text);
};

describe('AI training: choosing the pages of a new website', () => {
  it('lists every page found with its title and address, all selected', async () => {
    await pick(buildDiscoveredLinks(3));

    const table = inAdd().getByRole('table', { name: 'Pages found on fernhill.example' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `Page 1${fernhillSite}/page-1`,
      `Page 2${fernhillSite}/page-2`,
      `Page 3${fernhillSite}/page-3`,
    ]);
    expect(
      within(table)
        .getAllByRole('checkbox')
        .every((item) => (item as HTMLInputElement).checked),
    ).toBe(true);
    count('3 of 3 pages selected');
  });

  it('selects none and all; Save needs at least one page', async () => {
    const { user } = await pick(buildDiscoveredLinks(12));
    expect(saveButton()).toBeEnabled();

    await user.click(inAdd().getByRole('button', { name: 'Select none' }));
    count('0 of 12 pages selected');
    expect(box('Page 7')).not.toBeChecked();
    expect(saveButton()).toBeDisabled();

    await user.click(inAdd().getByRole('button', { name: 'Select all' }));
    count('12 of 12 pages selected');
    expect(box('Page 7')).toBeChecked();
    expect(saveButton()).toBeEnabled();
  });

  it('filters by title or address and keeps the selection while filtering', async () => {
    const { user } = await pick(buildDiscoveredLinks(40));

    await user.click(box('Page 2'));
    await filter(user, 'page-3');
    // Page 3 and Pages 30 to 39.
    expect(inAdd().getAllByRole('checkbox')).toHaveLength(11);
    count('39 of 40 pages selected (11 match the filter)');
    await user.click(inAdd().getByRole('button', { name: 'Unselect all 11 matches' }));
    await user.click(box('Page 35'));
    count('29 of 40 pages selected (11 match the filter)');

    await filter(user, 'nothing like it');
    expect(inAdd().getByText('No page matches “nothing like it”.')).toBeInTheDocument();

    await filter(user, '');
    expect(inAdd().getAllByRole('checkbox')).toHaveLength(40);
    count('29 of 40 pages selected');
    expect(box('Page 2')).not.toBeChecked();
    expect(box('Page 3')).not.toBeChecked();
    expect(box('Page 35')).toBeChecked();
    expect(box('Page 36')).not.toBeChecked();
    expect(box('Page 4')).toBeChecked();
  });

  it('saves exactly the pages chosen; the website is listed and the picker closes', async () => {
    const { user, server } = await pick(buildDiscoveredLinks(5));
    await user.click(box('Page 2'));
    await user.click(box('Page 4'));
    count('3 of 5 pages selected');
    await user.click(saveButton());

    expect(
      await screen.findByText('Website added: fernhill.example. The bot is reading its 3 pages.'),
    ).toBeInTheDocument();
    expect(
      server.requests.filter((request) => request.url === '/api/user/ai-training-websites'),
    ).toEqual([
      {
        method: 'POST',
        url: '/api/user/ai-training-websites',
        body: {
          workspaceId: 'ws_fernhill',
          baseUrl: fernhillSite,
          links: [urlOf('Page 1'), urlOf('Page 3'), urlOf('Page 5')],
        },
      },
    ]);
    const card = await screen.findByRole('article', { name: fernhillSite });
    expect(within(card).getByText('3 waiting')).toBeInTheDocument();
    expect(inAdd().queryByRole('table')).not.toBeInTheDocument();
    expect(inAdd().getByRole('textbox', { name: /^Website address/ })).toHaveValue('');
  });

  it('shows why the API refused the pages, and keeps the choice', async () => {
    const { user } = await pick(buildDiscoveredLinks(3), (request) =>
      request.method === 'POST' && request.url === '/api/user/ai-training-websites'
        ? errorReply(400, 'invalid-argument', 'Every page must be on fernhill.example')
        : undefined,
    );
    await user.click(box('Page 1'));
    await user.click(saveButton());

    expect(await screen.findByText('Every page must be on fernhill.example')).toBeInTheDocument();
    count('2 of 3 pages selected');
    expect(box('Page 1')).not.toBeChecked();
  });

  it('stays quick with 2,000 pages: 200 rows at a time, any page found by the filter', async () => {
    const { user } = await pick(buildDiscoveredLinks(2000));

    count('2000 of 2000 pages selected');
    expect(inAdd().getAllByRole('checkbox')).toHaveLength(200);
    await user.click(inAdd().getByRole('button', { name: 'Show 200 more (1800 not shown)' }));
    expect(inAdd().getAllByRole('checkbox')).toHaveLength(400);

    await filter(user, 'page 1999');
    await waitFor(() => expect(inAdd().getAllByRole('checkbox')).toHaveLength(1));
    await user.click(box('Page 1999'));
    count('1999 of 2000 pages selected (1 matches the filter)');
    // Rendering hundreds of rows in jsdom is slow on a busy machine; the rows counted are the test.
  }, 15_000);

  it('moves between the checkboxes with the arrow keys, Space ticking', async () => {
    const { user } = await pick(buildDiscoveredLinks(3));
    box('Page 1').focus();

    await user.keyboard('{ArrowDown}');
    expect(box('Page 2')).toHaveFocus();
    await user.keyboard(' ');
    expect(box('Page 2')).not.toBeChecked();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box('Page 3')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(box('Page 2')).toHaveFocus();
  });
});
