import { screen } from '@testing-library/react';
import { pageNotFound } from 'shared-sdk';
import { remoteFailureKey } from '../../runtime-plugins/remote-failure';
import { renderWithProviders } from '../../testing/render-with-providers';
import type { loadRemotePage } from './remote-loader';
import { RemotePage } from './remote-page';

jest.mock('./remote-loader', () => ({ resetRemote: jest.fn() }));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { resetRemote } = require('./remote-loader') as { resetRemote: jest.Mock };

const page = { remote: 'mfe-marketing' as const, module: './pricing-page' };
const failure = { [remoteFailureKey]: { id: 'mfe_marketing/pricing-page', message: 'down' } };
const Pricing = () => <h1>Pricing</h1>;

beforeEach(() => {
  resetRemote.mockClear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RemotePage', () => {
  it('shows loading, then the page its remote exposes', async () => {
    const load = jest.fn<ReturnType<typeof loadRemotePage>, []>(async () => Pricing);
    renderWithProviders(<RemotePage page={page} load={load} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(page);
  });

  it('shows the fallback when the remote cannot load, and recovers on "Try again"', async () => {
    const load = jest
      .fn<ReturnType<typeof loadRemotePage>, []>()
      .mockResolvedValueOnce(failure)
      .mockResolvedValueOnce(Pricing);
    const { user, store } = renderWithProviders(<RemotePage page={page} load={load} />);
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
    expect(store.getState().remotes.status['mfe-marketing']).toBe('unavailable');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(resetRemote).toHaveBeenCalledWith('mfe-marketing');
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
    expect(store.getState().remotes.status['mfe-marketing']).toBe('ready');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the fallback when loading rejects', async () => {
    const load = jest.fn<ReturnType<typeof loadRemotePage>, []>(async () => {
      throw new Error('script error');
    });
    renderWithProviders(<RemotePage page={page} load={load} />);
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
  });

  it('shows the fallback when the page throws while rendering', async () => {
    const Broken = () => {
      throw new Error('render failure');
    };
    renderWithProviders(<RemotePage page={page} load={async () => Broken} />);
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
  });

  it('shows the error page for a PageError the page throws', async () => {
    const Missing = () => {
      throw pageNotFound('/news/nope');
    };
    renderWithProviders(<RemotePage page={page} load={async () => Missing} />);
    expect(await screen.findByText('Page Not Found: /news/nope')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("We can't find that page");
    expect(screen.queryByText('This area is unavailable')).not.toBeInTheDocument();
  });
});
