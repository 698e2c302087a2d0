import { screen, within } from '@testing-library/react';
import { renderPage } from '@testing/render-page';
import { ComparePage } from './compare-page';

describe('ComparePage', () => {
  it('compares Parley with tool categories in a captioned table with row and column headers', () => {
    renderPage(<ComparePage />, { route: '/compare' });

    const table = screen.getByRole('table', {
      name: 'Parley compared with two common kinds of customer-support software',
    });
    const columns = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(columns).toEqual([
      'Capability',
      'Parley',
      'Live-chat-only tools',
      'Full helpdesk suites',
    ]);

    const row = within(table).getByRole('row', { name: /^Human takeover of a bot chat/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Human takeover of a bot chat');
    // Each level is written out, not only shown as an icon.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'IncludedOne click, full history, same window',
      'PartlyAgents answer chats; little bot to take over from',
      'PartlyDepends on the chat add-on',
    ]);
  });
});
