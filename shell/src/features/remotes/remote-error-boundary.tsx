import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageError } from 'shared-sdk';
import { ErrorPage } from '../error-page/error-page';
import { RemoteUnavailable } from './remote-unavailable';

interface Props {
  children: ReactNode;
  onRetry: () => void;
  /** The error is forgotten when it changes (another path: the page may render there). */
  resetKey?: string;
}

/**
 * A page that throws a PageError shows the error page for its status (e.g. an unknown news
 * slug → 404); any other error means the remote is broken, so the area shows its fallback.
 */
export class RemoteErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== undefined) {
      this.setState({ error: undefined });
    }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!(error instanceof PageError)) console.error('A remote page failed', error, info);
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (error instanceof PageError)
      return <ErrorPage status={error.status} message={error.message} />;
    return <RemoteUnavailable onRetry={this.props.onRetry} />;
  }
}
