import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  onError?: (error: unknown) => void;
}

interface State {
  error: unknown;
}

/** An error boundary standing in for the shell's: reports what a page threw and shows it. */
export class CaptureErrors extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return <p role="alert">{error instanceof Error ? error.message : String(error)}</p>;
  }
}
