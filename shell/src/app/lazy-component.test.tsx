import { Component, type ReactNode } from 'react';
import { screen } from '@testing-library/react';
import { renderPage as render } from '@testing/render-page';
import { lazyComponent, preloadComponent } from './lazy-component';
import '../i18n/shell';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('lazyComponent', () => {
  it('renders a component whose module has arrived at once, without a loading state', async () => {
    const load = jest.fn(async () => Greeting);
    const Lazy = lazyComponent(load);
    await Lazy.preload();
    render(<Lazy name="Ada" />);
    // In the first render's output: nothing suspended.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the loading state until the module arrives, loading it once', async () => {
    let arrive: (component: typeof Greeting) => void = () => {};
    const load = jest.fn(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const Lazy = lazyComponent(load);
    render(
      <>
        <Lazy name="Ada" />
        <Lazy name="Grace" />
      </>,
    );
    expect(screen.getAllByRole('status')).toHaveLength(2);
    arrive(Greeting);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a module that fails to load to the error boundary', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const Lazy = lazyComponent<{ name: string }>(async () => {
      throw new Error('Loading chunk 42 failed');
    });
    render(
      <Boundary>
        <Lazy name="Ada" />
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Loading chunk 42 failed');
  });

  it('preloads only components that load on demand', () => {
    const load = jest.fn(async () => Greeting);
    preloadComponent(lazyComponent(load));
    preloadComponent(Greeting);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
