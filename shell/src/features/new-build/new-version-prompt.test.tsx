import { act, fireEvent, screen } from '@testing-library/react';
import { renderPage } from '@testing/render-page';
import { NewVersionPrompt } from './new-version-prompt';
import { buildCheckIntervalMs } from './use-new-build-check';
import '../../i18n/shell';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  fireEvent(document, new Event('visibilitychange'));
}

const advance = (ms: number) => act(async () => jest.advanceTimersByTimeAsync(ms));

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  setVisibility('visible');
});

describe('new version prompt', () => {
  it('checks every hour (product-spec.md §9) and offers a reload once a new build is out', async () => {
    const check = jest.fn<Promise<boolean>, []>().mockResolvedValue(false);
    renderPage(<NewVersionPrompt check={check} />);

    await advance(buildCheckIntervalMs - 1_000);
    expect(check).not.toHaveBeenCalled();
    await advance(1_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();

    check.mockResolvedValue(true);
    await advance(buildCheckIntervalMs);
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    // Offered, then left to the agent: no more checks, no reload by itself.
    await advance(3 * buildCheckIntervalMs);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('checks when the tab is shown again after an hour hidden, not sooner', async () => {
    const check = jest.fn<Promise<boolean>, []>().mockResolvedValue(true);
    renderPage(<NewVersionPrompt check={check} />);

    setVisibility('hidden');
    jest.setSystemTime(Date.now() + 10 * 60 * 1000);
    setVisibility('visible');
    expect(check).not.toHaveBeenCalled();

    setVisibility('hidden');
    jest.setSystemTime(Date.now() + buildCheckIntervalMs);
    await act(async () => setVisibility('visible'));
    expect(check).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('A new version is available')).toBeInTheDocument();
  });

  it('can be put off for later', async () => {
    renderPage(<NewVersionPrompt check={async () => true} />);
    await advance(buildCheckIntervalMs);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();
  });
});
