import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { ErrorBoundary } from '../../../src/components/feedback/ErrorBoundary';
import { lazyScreen, retryFailedScreens } from '../../../src/screens/lazy-screen';
import { userEvent } from '../support/user-event';

// What Chromium throws when a code-split chunk cannot be downloaded.
const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/Screen-abc.js');

function Greeting({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

/** A loader that fails `failures` times, as a download does while the server is down. */
function flakyLoader(failures: number) {
  let left = failures;
  return vi.fn(async () => {
    if (left > 0) {
      left -= 1;
      throw chunkError();
    }
    return { default: Greeting };
  });
}

function renderScreen(Screen: ReturnType<typeof lazyScreen<{ name: string }>>) {
  return render(
    <ErrorBoundary onRetry={retryFailedScreens}>
      <Suspense fallback={<p>Loading…</p>}>
        <Screen name="Ann" />
      </Suspense>
    </ErrorBoundary>,
  );
}

describe('lazyScreen', () => {
  it('renders the loaded screen with its props', async () => {
    const Screen = lazyScreen(flakyLoader(0));
    renderScreen(Screen);
    expect(await screen.findByRole('heading', { name: 'Hello Ann' })).toBeInTheDocument();
  });

  it('after a failed download, "Try again" downloads it again without a page reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = flakyLoader(1);
    const Screen = lazyScreen(load);
    renderScreen(Screen);

    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Could not reach Marquee. Check your connection and try again.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Hello Ann' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps showing the error while the download still fails, and recovers on a later try', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = flakyLoader(2);
    const Screen = lazyScreen(load);
    renderScreen(Screen);

    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Hello Ann' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('renders a preloaded screen at once, in the same render, never showing the fallback', async () => {
    const Screen = lazyScreen(flakyLoader(0));
    await Screen.preload();
    renderScreen(Screen);
    expect(screen.getByRole('heading', { name: 'Hello Ann' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('preload() downloads ahead of the first render and swallows a failure', async () => {
    const load = flakyLoader(1);
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).resolves.toBeUndefined();
    await expect(Screen.preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('ErrorBoundary', () => {
  function Thrower(): never {
    throw new Error('Cannot read properties of undefined');
  }

  it("shows any other error's own text, and clears it when its reset key changes", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <ErrorBoundary resetKey="/account">
        <Thrower />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Cannot read properties of undefined')).toBeInTheDocument();

    rerender(
      <ErrorBoundary resetKey="/profiles">
        <p>Who&apos;s Watching?</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText("Who's Watching?")).toBeInTheDocument();
  });
});
