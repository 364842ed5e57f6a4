import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { commandMessage } from '../../../../src/components/browse/embed-messages.ts';
import { provideBrowse } from '../../../../src/screens/browse/browse-logic.ts';
import { CatalogueContext } from '../../../../src/screens/browse/catalogue-context.ts';
import { HomeHero } from '../../../../src/screens/browse/HomeHero.tsx';
import type { CatalogueService, Title } from '../../../../src/services/catalogue/catalogue.port.ts';
import { userEvent } from '../../support/user-event';

const DUNE: Title = {
  id: 11,
  title: 'Dune',
  media_type: 'movie',
  overview: 'Sand.',
  backdrop_path: '/d.jpg',
  poster_path: null,
};

const catalogue = {
  fetchTrending: async () => [DUNE],
  fetchVideos: async () => [{ key: 'trailer-key', type: 'Trailer', site: 'YouTube' }],
  imageSources: (path: string) => ({ src: path, srcSet: path, sizes: '100vw' }),
  trailerEmbedUrl: (key: string) => `https://embed.test/embed/${key}?enablejsapi=1`,
  heroRandom: () => 0,
} as unknown as CatalogueService;

// jsdom has no IntersectionObserver: this one is told by the test whether the banner is in view.
let observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {
    observed.push({ callback });
  }
  observe(target: Element) {
    observed.at(-1)!.target = target;
  }
  disconnect() {
    observed = observed.filter((entry) => entry.callback !== this.callback);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}
function scroll(inView: boolean) {
  act(() => {
    for (const { callback, target } of observed)
      callback([{ isIntersecting: inView, target } as IntersectionObserverEntry], {} as IntersectionObserver);
  });
}

describe('HomeHero: the preview plays only while the banner is in view', () => {
  beforeEach(() => {
    observed = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('pauses the trailer when scrolled out of view and plays it on when back', async () => {
    render(
      <CatalogueContext.Provider value={catalogue}>
        <HomeHero logic={provideBrowse(catalogue).hero} onMoreInfo={() => {}} onPlay={() => {}} />
      </CatalogueContext.Provider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    const frame = await screen.findByTitle('Dune trailer preview');
    const sent = vi.fn();
    vi.spyOn((frame as HTMLIFrameElement).contentWindow!, 'postMessage').mockImplementation(sent);
    // Pause and play only: the frame's load (whenever jsdom fires it) also says listening and mute.
    const held = [commandMessage('pauseVideo'), commandMessage('playVideo')];
    const commands = () => sent.mock.calls.map(([message]) => message).filter((message) => held.includes(message));
    // The banner is watched once its effect has run, which a busy machine may put after the frame.
    await waitFor(() => expect(observed.some((entry) => entry.target)).toBe(true));

    scroll(true);
    expect(commands()).not.toContain(commandMessage('pauseVideo'));
    scroll(false);
    expect(commands()).toEqual([commandMessage('pauseVideo')]);
    // Still the preview, only held: the banner keeps its frame.
    expect(screen.getByTitle('Dune trailer preview')).toBe(frame);
    scroll(true);
    expect(commands()).toEqual([commandMessage('pauseVideo'), commandMessage('playVideo')]);
  });

  it('sends nothing when the banner leaves view with no preview playing', async () => {
    render(
      <CatalogueContext.Provider value={catalogue}>
        <HomeHero logic={provideBrowse(catalogue).hero} onMoreInfo={() => {}} onPlay={() => {}} />
      </CatalogueContext.Provider>,
    );
    await screen.findByRole('button', { name: 'Preview' });
    await waitFor(() => expect(observed.some((entry) => entry.target)).toBe(true));
    scroll(false);
    scroll(true);
    expect(screen.queryByTitle('Dune trailer preview')).toBeNull();
  });
});
