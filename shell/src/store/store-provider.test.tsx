import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { fakeApi } from '@testing/fake-api';
import { startSession } from '@testing/sign-in';
import { useAppStore } from './hooks';
import { makeStore, type AppStore } from './store';
import { StoreProvider } from './store-provider';

let seen: AppStore[] = [];
function StoreUser() {
  seen.push(useAppStore());
  return <p>uses the store</p>;
}

beforeEach(async () => {
  seen = [];
  fakeApi(() => ({ status: 404 }));
  await startSession();
});

describe('StoreProvider', () => {
  it("makes the page's one store when a page first needs it, and keeps it", () => {
    const first = render(
      <StoreProvider>
        <StoreUser />
      </StoreProvider>,
    );
    expect(screen.getByText('uses the store')).toBeInTheDocument();
    first.unmount();
    render(
      <StoreProvider>
        <StoreUser />
      </StoreProvider>,
    );
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
  });

  it('uses a store that is provided already', () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <StoreProvider>
          <StoreUser />
        </StoreProvider>
      </Provider>,
    );
    expect(seen).toEqual([store]);
  });
});
