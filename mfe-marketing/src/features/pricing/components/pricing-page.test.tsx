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
});
