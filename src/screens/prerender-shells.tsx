import { renderToStaticMarkup } from 'react-dom/server';

import { HERO_SLOTS, IMAGE_WIDTHS } from '../../shared/catalogue/first-screen';
import { SIGN_IN_ADDRESS } from '../../shared/web/signed-out-addresses';
import { BRAND } from '../brand';
import { Landing } from '../components/auth/Landing';
import LandingSections, { LandingFooter } from '../components/auth/LandingSections';
import { HeroBanner } from '../components/browse/HeroBanner';
import { Button, ButtonLink } from '../components/Button';
import { TopBar } from '../components/layout/TopBar';
import { getCssText, globalStyles, reset } from '../components/stitches.config';
import { PRERENDERED_HERO_ID } from './prerendered-shell';
import { LANDING_BACKGROUND } from './SignedOutScreen';
import { renderPlayerShell } from './watching/prerender-player';

export interface Shells {
  /** The landing page's first screen, shown in the app's page until its script has run. */
  landing: string;
  /** A signed-in visitor's top bar, shown in the app's page until its script has run. */
  signedIn: string;
  /**
   * Home's hero banner, with slots for the title's text and art (shared/catalogue/first-screen.ts)
   * that the server fills in for a signed-in home page: over the page, where the app's banner
   * goes, until the app's banner has its title (src/screens/browse/HomeHero.tsx).
   */
  signedInHero: string;
  /** The CSS of all three. */
  css: string;
  /**
   * The landing document's body: the whole landing page, live, with no app behind it (docs/decisions.md,
   * "Landing document"): Sign In is a link and Get Started a form, both into the app.
   */
  landingPage: string;
  /** The landing document's CSS. */
  landingPageCss: string;
  /** The player page's player, with slots and its own CSS (src/screens/watching/prerender-player.tsx). */
  player: string;
}

const noop = () => undefined;

/**
 * What a page shows before its script has run, rendered at build time (scripts/vite-prerender-shells.ts):
 * into index.html, the signed-out landing page, and for a signed-in visitor (the server swaps it in,
 * server/web/index-page.ts) the top bar with the logo, both replaced by the app on its first render
 * (src/screens/prerendered-shell.ts); and the landing document, the whole page a signed-out visit to "/"
 * gets. All are the components the app renders itself. Returns each one's markup and CSS.
 */
export function renderShells(): Shells {
  globalStyles();
  const landing = renderToStaticMarkup(
    <>
      <TopBar brand={BRAND}>
        <Button size="sm">Sign In</Button>
      </TopBar>
      <Landing backgroundSrc={LANDING_BACKGROUND} onGetStarted={noop} />
    </>,
  );
  const signedIn = renderToStaticMarkup(<TopBar brand={BRAND} />);
  const signedInHero = renderHeroShell();
  // Stitches collects every rule rendered since its last reset: the app's page's CSS is these three's...
  const css = getCssText();
  // ...and the landing document's is its own, afresh.
  reset();
  globalStyles();
  const landingPage = renderToStaticMarkup(
    <>
      <TopBar brand={BRAND}>
        <ButtonLink size="sm" href={SIGN_IN_ADDRESS}>
          Sign In
        </ButtonLink>
      </TopBar>
      <Landing
        backgroundSrc={LANDING_BACKGROUND}
        onGetStarted={noop}
        more={<LandingSections brand={BRAND} />}
        footer={<LandingFooter brand={BRAND} />}
      />
    </>,
  );
  const landingPageCss = getCssText();
  return { landing, signedIn, signedInHero, css, landingPage, landingPageCss, player: renderPlayerShell() };
}

/**
 * The hero's first paint: the app's banner with slots in place of the title's words and art (the
 * overview's three writings told apart by their order: narrow cut, wide cut, whole). Absolutely
 * placed over the page's top, where the app's banner goes (the top bar, fixed, stays above it), so
 * the app's page comes in beneath it without moving; inert, so the live banner beneath takes the
 * pointer from the moment it is there.
 */
function renderHeroShell(): string {
  const markup = renderToStaticMarkup(
    <div id={PRERENDERED_HERO_ID} inert style={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}>
      <HeroBanner
        status="ready"
        title={HERO_SLOTS.title}
        overview={HERO_SLOTS.overview}
        backdrop={{ src: HERO_SLOTS.src, srcSet: HERO_SLOTS.srcSet, sizes: IMAGE_WIDTHS.hero.sizes }}
        onPlay={noop}
        onPreview={noop}
        onStopPreview={noop}
        onToggleMute={noop}
        onPreviewEnded={noop}
        onMoreInfo={noop}
      />
    </div>,
    { identifierPrefix: 'prerendered-hero-' },
  );
  // React writes a preload of a high-priority image before it; the page's head has the art's own.
  const banner = markup.replace(/^(<link [^>]*>)+/, '');
  const writings = banner.split(HERO_SLOTS.overview);
  if (writings.length !== 4)
    throw new Error(`The hero banner writes its overview ${writings.length - 1} times, not 3.`);
  const [before, narrow, wide, rest] = writings;
  return `${before}${HERO_SLOTS.narrow}${narrow}${HERO_SLOTS.wide}${wide}${HERO_SLOTS.overview}${rest}`;
}
