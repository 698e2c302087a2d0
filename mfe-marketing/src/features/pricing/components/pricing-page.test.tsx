import { screen, within } from '@testing-library/react';
import { renderPage } from '@testing/render-page';
import { PricingPage } from './pricing-page';

const planCard = (name: string) => screen.getByRole('article', { name: new RegExp(`^${name}`) });
// The radio inputs are visually hidden inside their labels: people click the label.
const periodOption = (name: RegExp) =>
  screen.getByRole('radio', { name }).closest('label') as HTMLLabelElement;

describe('PricingPage', () => {
  it('shows monthly prices first', () => {
    renderPage(<PricingPage />, { route: '/pricing' });
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    expect(within(planCard('Starter')).getByText('$30')).toBeInTheDocument();
    expect(within(planCard('Starter')).getByText('per month, billed monthly')).toBeInTheDocument();
    expect(within(planCard('Growth')).getByText('$120')).toBeInTheDocument();
    expect(within(planCard('Free')).getByText('$0')).toBeInTheDocument();
    expect(within(planCard('Enterprise')).getByText('Custom')).toBeInTheDocument();
  });

  it('switches to yearly prices and back', async () => {
    const { user } = renderPage(<PricingPage />, { route: '/pricing' });

    await user.click(periodOption(/Yearly/));

    expect(screen.getByRole('radio', { name: /Yearly/ })).toBeChecked();
    expect(within(planCard('Starter')).getByText('$25')).toBeInTheDocument();
    expect(
      within(planCard('Starter')).getByText('per month, billed $300 yearly'),
    ).toBeInTheDocument();
    expect(within(planCard('Starter')).queryByText('$30')).not.toBeInTheDocument();
    expect(within(planCard('Growth')).getByText('$100')).toBeInTheDocument();
    expect(
      within(planCard('Growth')).getByText('per month, billed $1,200 yearly'),
    ).toBeInTheDocument();
    expect(within(planCard('Free')).getByText('$0')).toBeInTheDocument();

    await user.click(periodOption(/Monthly/));
    expect(within(planCard('Starter')).getByText('$30')).toBeInTheDocument();
  });

  it('lets visitors compare plans in a captioned table', () => {
    renderPage(<PricingPage />, { route: '/pricing' });
    const table = screen.getByRole('table', { name: 'What each Parley plan includes' });
    expect(within(table).getByRole('columnheader', { name: 'Growth' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Chat takeover' })).toBeInTheDocument();
  });

  it("says each plan's limits as shared-sdk's plans set them, in the cards and the table", () => {
    renderPage(<PricingPage />, { route: '/pricing' });
    expect(
      within(planCard('Starter')).getByText('1,000 bot conversations a month'),
    ).toBeInTheDocument();
    expect(within(planCard('Free')).getByText('1 team member')).toBeInTheDocument();
    expect(
      within(planCard('Growth')).getByText('Unlimited question-and-answer pairs'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'What each Parley plan includes' });
    const cells = (row: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${row}`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Bot conversations a month')).toEqual(['100', '1,000', '5,000', 'Custom']);
    expect(cells('Products in the catalogue')).toEqual([
      'Not included',
      '500',
      '10,000',
      'Unlimited',
    ]);
    expect(cells('Team members')).toEqual(['1', '3', '10', 'Unlimited']);
  });
});
