import { Component, type ErrorInfo, type ReactNode } from 'react';

import { UNREACHABLE_MESSAGE } from '../../brand';
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
   * Called by "Try again" before the subtree renders again: the place to make a failed step
   * retryable (a code-split screen whose download failed gets a fresh import, see lazy-screen).
   */
  onRetry?: (error: Error) => void;
  /** When this changes (the route, say), a shown error is cleared and the subtree renders again. */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

/**
 * Shows an error page with "Try again" instead of a blank page: 'Unexpected Application Error!'
 * with the error's text, or, for a screen that could not be downloaded, that the server could
 * not be reached.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    return Object.is(props.resetKey, state.resetKey) ? null : { error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  private retry = () => {
    const { error } = this.state;
    if (!error) return;
    this.props.onRetry?.(error);
    this.setState({ error: null });
  };

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return isChunkLoadError(error) ? (
      <ErrorPage title="This page could not be loaded" message={UNREACHABLE_MESSAGE} onRetry={this.retry} />
    ) : (
      <ErrorPage message={error.message} onRetry={this.retry} />
    );
  }
}
