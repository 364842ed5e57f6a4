import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';

/** A code-split chunk that failed to download (Vite's message, or webpack's ChunkLoadError). */
export function isChunkLoadError(error: Error): boolean {
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Called with what was caught, for logging. */
  onError?: (error: Error, info: ErrorInfo) => void;
  /**
   * How "Try again" retries. By default the subtree is rendered again; a chunk that failed
   * to load is fetched again by reloading the page, since the browser caches the failed import.
   */
  onRetry?: (error: Error) => void;
}

interface State {
  error: Error | null;
}

/** Shows 'Unexpected Application Error!' with the error's text instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  private retry = () => {
    const { error } = this.state;
    if (!error) return;
    if (this.props.onRetry) this.props.onRetry(error);
    else if (isChunkLoadError(error)) window.location.reload();
    this.setState({ error: null });
  };

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ErrorPage message={error.message} onRetry={this.retry} />;
  }
}
