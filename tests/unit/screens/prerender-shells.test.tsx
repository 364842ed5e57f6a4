import { describe, expect, it } from 'vitest';

import { HERO_SLOTS } from '../../../shared/catalogue/first-screen';
import { PLAYER_SLOTS } from '../../../shared/watching/player-first-screen';
import { renderShells } from '../../../src/screens/prerender-shells';

/** Parses markup the build writes into a page into a detached document. */
const parse = (markup: string) => new DOMParser().parseFromString(`<body>${markup}</body>`, 'text/html');

describe('the prerendered pages', () => {
  const shells = renderShells();

  it('the landing document: the whole page, live, whose ways into the app work without a script', () => {
    const page = parse(shells.landingPage);
    expect(page.querySelector('[inert]')).toBeNull();
    expect(page.querySelector('h1')?.textContent).toBe('Unlimited films, TV programmes and more.');

    const signIn = page.querySelector('header a[href="/sign-in"]');
    expect(signIn?.textContent).toBe('Sign In');

    const form = page.querySelector('form')!;
    expect(form.getAttribute('action')).toBe('/sign-up');
    expect(form.getAttribute('method')).toBe('get');
    const email = form.querySelector('input')!;
    expect([email.name, email.type]).toEqual(['email', 'email']);
    expect(page.querySelector(`label[for="${email.id}"]`)?.textContent).toBe('Email address');
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('Get Started');

    // Below the first screen: the feature bands, the FAQ as native disclosures, and the footer.
    expect([...page.querySelectorAll('h2')].map((h) => h.textContent)).toContain('Frequently Asked Questions');
    const questions = page.querySelectorAll('details[name="landing-faq"] > summary');
    expect(questions).toHaveLength(5);
    expect(page.querySelector('details[open]')).toBeNull();
    expect(page.querySelector('footer')?.textContent).toContain('Watch anywhere. Cancel at any time.');
    expect(page.querySelector('main footer')).toBeNull();
  });

  it("the landing document's CSS covers everything the page renders", () => {
    const classes = new Set(
      [...parse(shells.landingPage).querySelectorAll('[class]')].flatMap((node) => [...node.classList]),
    );
    expect(classes.size).toBeGreaterThan(10);
    for (const name of classes) expect(shells.landingPageCss).toContain(`.${name}`);
  });

  it("the app's page: an inert first screen, and the signed-in top bar", () => {
    expect(parse(shells.landing).querySelector('h1')?.textContent).toBe('Unlimited films, TV programmes and more.');
    expect(parse(shells.signedIn).querySelector('header a')?.getAttribute('aria-label')).toBe('Marquee home');
    // Their CSS is in the page's (the landing document's own CSS is apart: the app's page has none of its sections).
    const classes = new Set(
      [...parse(shells.landing + shells.signedIn).querySelectorAll('[class]')].flatMap((node) => [...node.classList]),
    );
    expect(classes.size).toBeGreaterThan(5);
    for (const name of classes) expect(shells.css).toContain(`.${name}`);
    const hero = new Set(
      [...parse(shells.signedInHero).querySelectorAll('[class]')].flatMap((node) => [...node.classList]),
    );
    const landingOnly = [...parse(shells.landingPage).querySelectorAll('[class]')]
      .flatMap((node) => [...node.classList])
      .filter((name) => !classes.has(name) && !hero.has(name));
    expect(landingOnly.length).toBeGreaterThan(0);
    for (const name of landingOnly) expect(shells.css).not.toContain(`.${name}`);
  });

  it("home's hero: the app's banner, inert over the page's top, with each slot once for the server to fill in", () => {
    const page = parse(shells.signedInHero);
    const shell = page.getElementById('prerendered-hero')!;
    expect(shell.hasAttribute('inert')).toBe(true);
    expect(shell.style.position).toBe('absolute');
    // No preload of its own (the server's page has the art's, with the drawn title's candidates).
    expect(page.querySelector('link')).toBeNull();
    const art = shell.querySelector('section img')!;
    expect([art.getAttribute('src'), art.getAttribute('srcset'), art.getAttribute('fetchpriority')]).toEqual([
      HERO_SLOTS.src,
      HERO_SLOTS.srcSet,
      'high',
    ]);
    expect(shell.querySelector('h1')?.textContent).toBe(HERO_SLOTS.title);
    expect([...shell.querySelectorAll('p span')].map((span) => span.textContent)).toEqual([
      HERO_SLOTS.narrow,
      HERO_SLOTS.wide,
      HERO_SLOTS.overview,
    ]);
    for (const slot of Object.values(HERO_SLOTS)) expect(shells.signedInHero.split(slot)).toHaveLength(2);
    const classes = new Set([...shell.querySelectorAll('[class]')].flatMap((node) => [...node.classList]));
    for (const name of classes) expect(shells.css).toContain(`.${name}`);
  });

  it("the player page's player: the app's own, loading, inert over the viewport, with its slots and its own CSS", () => {
    const page = parse(shells.player);
    const shell = page.getElementById('prerendered-player')!;
    expect(shell.hasAttribute('inert')).toBe(true);
    expect(shell.style.position).toBe('fixed');
    expect(shell.querySelector('main')?.dataset.state).toBe('loading');
    expect(shell.querySelector('h1')?.firstChild?.textContent).toBe(PLAYER_SLOTS.title);
    expect(shell.querySelector('h1 span')?.textContent).toBe(PLAYER_SLOTS.episodeLine);
    expect(shell.querySelector('video')?.getAttribute('aria-label')).toBe(PLAYER_SLOTS.title);
    // Shown only once parsed whole: the marker is its last element.
    expect(shell.lastElementChild?.hasAttribute('data-prerendered-end')).toBe(true);
    const css = shell.querySelector('style')!.textContent!;
    expect(css).toContain('#prerendered-player:not(:has(> [data-prerendered-end])){visibility:hidden}');
    const classes = new Set([...shell.querySelectorAll('[class]')].flatMap((node) => [...node.classList]));
    expect(classes.size).toBeGreaterThan(5);
    for (const name of classes) expect(css).toContain(`.${name}`);
  });

  it("the player page's refusal for an account without a plan: the app's own, in the player's place, with its own CSS", () => {
    const page = parse(shells.refusal);
    const shell = page.getElementById('prerendered-player')!;
    expect(shell.hasAttribute('inert')).toBe(true);
    expect(shell.style.position).toBe('fixed');
    // As GrantRefusal shows it: the page's <main>, the heading, the way to the plans, and Back.
    const heading = shell.querySelector('main > section > h1')!;
    expect(heading.id).toBe('playback-refusal-heading');
    expect(heading.textContent).toBe('Choose a plan to start watching');
    expect(shell.querySelector('a')?.getAttribute('href')).toBe('/change-plan');
    expect([...shell.querySelectorAll('a, button')].map((node) => node.textContent)).toEqual(['Choose a plan', 'Back']);
    expect(shell.querySelector('video')).toBeNull();
    expect(shell.lastElementChild?.hasAttribute('data-prerendered-end')).toBe(true);
    const css = shell.querySelector('style')!.textContent!;
    const classes = new Set([...shell.querySelectorAll('[class]')].flatMap((node) => [...node.classList]));
    expect(classes.size).toBeGreaterThan(3);
    for (const name of classes) expect(css).toContain(`.${name}`);
  });
});
