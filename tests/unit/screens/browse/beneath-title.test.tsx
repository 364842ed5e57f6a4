import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { provideBrowse } from '../../../../src/screens/browse/browse-logic.ts';
import { CatalogueContext } from '../../../../src/screens/browse/catalogue-context.ts';
import { HomeRow } from '../../../../src/screens/browse/HomeRow.tsx';
import { PageRouter } from '../../../../src/screens/browse/page-location.tsx';
import type { TitleDetailsHostProps } from '../../../../src/screens/browse/TitleDetailsHost.tsx';
import { TitleOverlay } from '../../../../src/screens/browse/TitleOverlay.tsx';
import type { CatalogueService, RowId, Title } from '../../../../src/services/catalogue/catalogue.port.ts';

// The detail view's own chunk (its machine, the profile's controls) is not what is tested here:
// a stand-in says it is up as soon as it has an address, as the real one does once it has painted.
vi.mock('../../../../src/screens/browse/TitleDetailsHost.tsx', () => ({
  TitleDetailsHost: ({ address, onClose, onShown }: TitleDetailsHostProps) => {
    useEffect(() => {
      if (address) onShown?.();
    }, [address, onShown]);
    return address ? (
      <div role="dialog" aria-label="Dune">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    ) : null;
  },
}));

const DUNE: Title = {
  id: 438631,
  title: 'Dune',
  overview: 'Sand.',
  backdrop_path: '/dune-b.jpg',
  poster_path: '/dune-p.jpg',
};

function fakeCatalogue() {
  const asked: RowId[] = [];
  let answer: (titles: Title[]) => void = () => {};
  const catalogue = {
    fetchRow: (row: RowId) => {
      asked.push(row);
      return new Promise<Title[]>((resolve) => (answer = resolve));
    },
    imageSources: (path: string) => ({ src: path, srcSet: path, sizes: '100vw' }),
  } as unknown as CatalogueService;
  return { catalogue, asked, answer: (titles: Title[]) => act(() => answer(titles)) };
}

/** Home's Trending Now row under the signed-in routes' title overlay, at `path`. */
function renderAt(path: string) {
  const { catalogue, asked, answer } = fakeCatalogue();
  const location = memoryLocation({ path, record: true });
  const logic = provideBrowse(catalogue).row;
  render(
    <CatalogueContext.Provider value={catalogue}>
      <Router hook={location.hook}>
        <TitleOverlay>
          <PageRouter>
            <HomeRow row="trending" logic={logic} onOpenTitle={() => {}} />
          </PageRouter>
        </TitleOverlay>
      </Router>
    </CatalogueContext.Provider>,
  );
  return { asked, answer, location };
}

const cards = () => screen.queryAllByRole('button', { name: 'Dune' });

describe("home's rows under a title's detail view opened by its address", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ask for nothing until the view is up and the browser idle, and show their cards only once it closes', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const { asked, answer } = renderAt('/title/movie/438631');

    await screen.findByRole('dialog');
    expect(screen.getByText('Loading Trending Now')).toBeInTheDocument();
    // The view has painted (a frame has passed), but the browser has not been idle yet.
    await act(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(asked).toEqual([]);

    await waitFor(() => {
      act(() => idle.splice(0).forEach((callback) => callback()));
      expect(asked).toEqual(['trending']);
    });
    answer([DUNE]);
    // Its titles are in, but nobody can see the row: it stays as it was.
    expect(cards()).toEqual([]);
    expect(screen.getByText('Loading Trending Now')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Close' }).click());
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(asked).toEqual(['trending']);
  });

  it('closed before the browser was idle, load and show at once', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1);
    const { asked, answer } = renderAt('/title/movie/438631');
    await screen.findByRole('dialog');
    expect(asked).toEqual([]);

    act(() => screen.getByRole('button', { name: 'Close' }).click());
    await waitFor(() => expect(asked).toEqual(['trending']));
    answer([DUNE]);

    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('a page opened at its own address loads and shows its rows as always, and a title opened over it changes nothing', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1);
    const { asked, answer, location } = renderAt('/');
    await waitFor(() => expect(asked).toEqual(['trending']));
    answer([DUNE]);
    await waitFor(() => expect(cards()).toHaveLength(1));

    act(() => location.navigate('/title/movie/438631'));
    await screen.findByRole('dialog');

    expect(cards()).toHaveLength(1);
    expect(asked).toEqual(['trending']);
  });
});
