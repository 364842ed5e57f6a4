import { renderToStaticMarkup } from 'react-dom/server';

import { HERO_SLOTS } from '../../shared/catalogue/first-screen';
import {
  PAINTED_CARDS,
  PAINTED_SECTIONS,
  type PaintedSection,
  SECTION_ROW_SLOTS,
} from '../../shared/catalogue/section-first-row';
import { IMAGE_WIDTHS } from '../../shared/media/image-sizes';
import { SIGN_IN_ADDRESS } from '../../shared/web/signed-out-addresses';
import { BRAND } from '../brand';
import { Landing } from '../components/auth/Landing';
import LandingSections, { LandingFooter } from '../components/auth/LandingSections';
import { RowStack } from '../components/browse/BrowseLayout';
import { HeroBanner } from '../components/browse/HeroBanner';
import { SectionPage } from '../components/browse/SectionPage';
import { TitleRow } from '../components/browse/TitleRow';
import { Button, ButtonLink } from '../components/Button';
import { TopBar } from '../components/layout/TopBar';
import { getCssText, globalStyles, reset } from '../components/stitches.config';
import { NEW_HEADING, ROWS as NEW_ROWS } from './browse/NewScreen';
import { SECTION } from './browse/SectionScreen';
import { PRERENDERED_HERO_ID, PRERENDERED_ROW_ID } from './prerendered-shell';
import { LANDING_BACKGROUND } from './SignedOutScreen';
import { renderPlayerShell, renderRefusalShell } from './watching/prerender-player';

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
  /**
   * Each section page's heading and first row, with slots for the row's heading and cards
   * (shared/catalogue/section-first-row.ts) that the server fills in for a signed-in visit: over
   * the page, where the app's go, until the app's row has its titles (src/screens/browse/SectionRow.tsx).
   */
  sectionRows: Record<PaintedSection, string>;
  /** The CSS of the landing page, the top bar and the hero (a section page's painting carries its own). */
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
  /** The player page's "Choose a plan" refusal, for an account without a plan, with its own CSS (the same file). */
  refusal: string;
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
      <TopBar brand={BRAND} scrollsAway>
        <Button size="sm">Sign In</Button>
      </TopBar>
      <Landing backgroundSrc={LANDING_BACKGROUND} onGetStarted={noop} />
    </>,
  );
  const signedIn = renderToStaticMarkup(<TopBar brand={BRAND} />);
  const signedInHero = renderHeroShell();
  // Stitches collects every rule rendered since its last reset: the app's page's CSS is these three's...
  const css = getCssText();
  // ...each section page's painting carries its own, which only that page needs...
  const sectionRows = renderSectionRowShells();
  // ...and the landing document's is its own, afresh.
  reset();
  globalStyles();
  const landingPage = renderToStaticMarkup(
    <>
      <TopBar brand={BRAND} scrollsAway>
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
  return {
    landing,
    signedIn,
    signedInHero,
    sectionRows,
    css,
    landingPage,
    landingPageCss,
    player: renderPlayerShell(),
    refusal: renderRefusalShell(),
  };
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

/** Each painted section page as its screen renders it: its heading, whether it has the genre filter, its first row's heading. */
const PAINTED_PAGES: Record<PaintedSection, { heading: string; genreFilter: boolean; rowHeading: string }> = {
  '/tv': { heading: SECTION.tv.heading, genreFilter: true, rowHeading: SECTION_ROW_SLOTS.heading },
  '/films': { heading: SECTION.movie.heading, genreFilter: true, rowHeading: SECTION_ROW_SLOTS.heading },
  '/new': { heading: NEW_HEADING, genreFilter: false, rowHeading: NEW_ROWS[0]!.heading },
};

/**
 * A section page's first paint: the app's page heading and genre filter (disabled and empty, as
 * while the app loads the genres) and its first row, PAINTED_CARDS cards with slots for each
 * one's name and art (the server drops the cards it has no title for). Placed over the page's top
 * like the hero's (renderHeroShell), so the app's page comes in beneath it without moving.
 */
function renderSectionRowShells(): Record<PaintedSection, string> {
  const card = {
    title: SECTION_ROW_SLOTS.title,
    image: { src: SECTION_ROW_SLOTS.src, srcSet: SECTION_ROW_SLOTS.srcSet, sizes: IMAGE_WIDTHS.backdrop.sizes },
  };
  const items = Array.from({ length: PAINTED_CARDS }, (_, index) => ({ ...card, key: String(index) }));
  const render = ({ heading, genreFilter, rowHeading }: (typeof PAINTED_PAGES)[PaintedSection]) => {
    reset();
    const markup = renderToStaticMarkup(
      <div id={PRERENDERED_ROW_ID} inert style={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}>
        <SectionPage
          heading={heading}
          genreFilter={
            genreFilter ? { genres: [], value: null, disabled: true, onValueChange: noop, hrefOf: () => '' } : undefined
          }
        >
          <RowStack>
            {/* SectionRow's box. */}
            <div>
              <TitleRow
                heading={rowHeading}
                variant="backdrop"
                status="ready"
                firstScreen="lead"
                items={items}
                onOpen={noop}
              />
            </div>
          </RowStack>
        </SectionPage>
      </div>,
      { identifierPrefix: 'prerendered-row-' },
      // React writes a preload of a high-priority image before it; the page's head has the art's own.
    ).replace(/^(<link [^>]*>)+/, '');
    // Its CSS inside it (the page's own has the global styles): gone with it when the app's row is in.
    const opening = `<div id="${PRERENDERED_ROW_ID}" `;
    if (!markup.startsWith(opening)) throw new Error('The section page painting starts with another element.');
    return markup.replace(/^[^>]*>/, (start) => `${start}<style>${getCssText()}</style>`);
  };
  return Object.fromEntries(PAINTED_SECTIONS.map((path) => [path, render(PAINTED_PAGES[path])])) as Record<
    PaintedSection,
    string
  >;
}
