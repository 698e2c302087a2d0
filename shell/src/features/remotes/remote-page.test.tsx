import { screen } from '@testing-library/react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { pageNotFound } from 'shared-sdk';
import { remoteFailureKey } from '../../runtime-plugins/remote-failure';
import { renderPage } from '@testing/render-page';
import type { loadRemotePage } from './remote-loader';
import { preloadFailure, preloadedPage } from './preloaded-pages';
import { RemotePage } from './remote-page';
import '../../i18n/shell';

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
    renderPage(<RemotePage page={page} load={load} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(page);
  });

  it('shows the fallback when the remote cannot load, and recovers on "Try again"', async () => {
    const load = jest
      .fn<ReturnType<typeof loadRemotePage>, []>()
      .mockResolvedValueOnce(failure)
      .mockResolvedValueOnce(Pricing);
    const { user } = renderPage(<RemotePage page={page} load={load} />);
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(resetRemote).toHaveBeenCalledWith('mfe-marketing');
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows at once the fallback of a remote that failed before the first render, once', async () => {
    preloadFailure(page);
    const load = jest.fn<ReturnType<typeof loadRemotePage>, []>(async () => Pricing);
    const { unmount } = renderPage(<RemotePage page={page} load={load} />);
    expect(screen.getByText('This area is unavailable')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    expect(preloadedPage(page)).toBeUndefined();
    unmount();

    renderPage(<RemotePage page={page} load={load} />);
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(page);
  });

  it('shows the fallback when loading rejects', async () => {
    const load = jest.fn<ReturnType<typeof loadRemotePage>, []>(async () => {
      throw new Error('script error');
    });
    renderPage(<RemotePage page={page} load={load} />);
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
  });

  it('shows the fallback when the page throws while rendering', async () => {
    const Broken = () => {
      throw new Error('render failure');
    };
    renderPage(<RemotePage page={page} load={async () => Broken} />);
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
  });

  it('shows the error page for a PageError the page throws', async () => {
    const Missing = () => {
      throw pageNotFound('/news/nope');
    };
    renderPage(<RemotePage page={page} load={async () => Missing} />);
    expect(await screen.findByText('Page Not Found: /news/nope')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("We can't find that page");
    expect(screen.queryByText('This area is unavailable')).not.toBeInTheDocument();
  });

  it('keeps a page that spans paths mounted when the path changes, and starts others afresh', async () => {
    function SplitPage() {
      const [clicks, setClicks] = useState(0);
      const { pathname } = useLocation();
      return (
        <>
          <h1>{pathname}</h1>
          <button type="button" onClick={() => setClicks(clicks + 1)}>
            Clicked {clicks}
          </button>
          <Link to="/dashboard/ws-1/chat-takeover/cnv-2">Next</Link>
        </>
      );
    }
    const chat = { remote: 'mfe-chat' as const, module: './chat-takeover-page' };
    for (const [spansPaths, after] of [
      [true, 'Clicked 1'],
      [false, 'Clicked 0'],
    ] as const) {
      const { user, unmount } = renderPage(
        <RemotePage page={{ ...chat, spansPaths }} load={async () => SplitPage} />,
        { route: '/dashboard/ws-1/chat-takeover/cnv-1' },
      );
      await user.click(await screen.findByRole('button', { name: 'Clicked 0' }));
      await user.click(screen.getByRole('link', { name: 'Next' }));
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('cnv-2');
      expect(screen.getByRole('button', { name: /^Clicked/ })).toHaveTextContent(after);
      unmount();
    }
  });
});
