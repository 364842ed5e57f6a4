import { afterEach, describe, expect, it, vi } from 'vitest';

import { findByTrail, focusWhenBack, trailOf } from '../../../../src/screens/browse/opener-trail.ts';

/** A page as home renders it: a row (a labelled section of cards keyed by title) and the hero's button. */
function renderPage(cards: string[] | null): HTMLElement {
  const main = document.createElement('main');
  const keys = cards ?? [];
  main.innerHTML =
    `<h1 tabindex="-1">Home</h1><button type="button">More Info</button>` +
    `<section aria-labelledby="h-trending"><h2 id="h-trending">Trending Now</h2><ul>` +
    keys.map((key) => `<li data-key="${key}"><button type="button">Card ${key}</button></li>`).join('') +
    `</ul></section>` +
    `<section aria-labelledby="h-top"><h2 id="h-top">Top Rated</h2><ul>` +
    `<li data-key="movie-2"><button type="button">Same title elsewhere</button></li></ul></section>`;
  document.body.replaceChildren(main);
  return main;
}

const nextFrames = (count: number) =>
  new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(count);
  });

afterEach(() => {
  document.body.replaceChildren();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('the detail view’s opener, found again in a page rendered afresh', () => {
  it('finds the same card in the same row, not the same title in another row', () => {
    renderPage(['movie-1', 'movie-2']);
    const card = document.querySelector<HTMLElement>('[data-key="movie-2"] button')!;
    const trail = trailOf(card);
    expect(trail).toEqual({ region: 'Trending Now', key: 'movie-2', name: 'Card movie-2' });

    renderPage(['movie-1', 'movie-2']);
    expect(card.isConnected).toBe(false);
    // Read from the card taken out with its page, as the view does when it closes.
    expect(trailOf(card)).toEqual(trail);
    const again = findByTrail(trail);
    expect(again).not.toBe(card);
    expect(again?.textContent).toBe('Card movie-2');
    expect(again?.closest('section')?.getAttribute('aria-labelledby')).toBe('h-trending');
  });

  it('finds a control outside a row by its text', () => {
    renderPage([]);
    const trail = trailOf(document.querySelector<HTMLElement>('main > button')!);
    renderPage([]);
    expect(findByTrail(trail)).toBe(document.querySelector('main > button'));
  });

  it('finds a card outside a row (a search result) by its art’s name', () => {
    const page = renderPage([]);
    page.insertAdjacentHTML(
      'beforeend',
      '<ul class="results"><li><button type="button"><img alt="Dune" src="d.jpg"></button></li></ul>',
    );
    const trail = trailOf(page.querySelector<HTMLElement>('.results button')!);
    expect(trail).toEqual({ region: null, key: null, name: 'Dune' });
    const again = renderPage([]);
    again.insertAdjacentHTML(
      'beforeend',
      '<ul class="results"><li><button type="button"><img alt="Dune" src="d.jpg"></button></li></ul>',
    );
    expect(findByTrail(trail)).toBe(again.querySelector('.results button'));
  });

  it('focuses the card once its row has it again, while focus is unclaimed', async () => {
    renderPage(['movie-1']);
    const trail = trailOf(document.querySelector<HTMLElement>('[data-key="movie-1"] button')!);
    // The page comes back with the row still loading: no cards yet. A row loads near the
    // viewport only, so it is brought into view (jsdom has no scrollIntoView: watched here).
    renderPage(null);
    const shown = vi.fn();
    Element.prototype.scrollIntoView = shown;
    const stop = focusWhenBack(trail);
    await nextFrames(2);
    expect(document.activeElement).toBe(document.body);
    expect(shown).toHaveBeenCalledTimes(1);
    expect((shown.mock.contexts[0] as Element).getAttribute('aria-labelledby')).toBe('h-trending');
    renderPage(['movie-1']);
    await nextFrames(2);
    expect(document.activeElement?.textContent).toBe('Card movie-1');
    stop();
  });

  it('leaves focus alone once the viewer has moved it', async () => {
    renderPage(null);
    const stop = focusWhenBack({ region: 'Trending Now', key: 'movie-1', name: null });
    document.querySelector<HTMLElement>('main > button')!.focus();
    renderPage(['movie-1']);
    document.querySelector<HTMLElement>('main > button')!.focus();
    await nextFrames(2);
    expect(document.activeElement?.textContent).toBe('More Info');
    stop();
  });
});
