import { renderToStaticMarkup } from 'react-dom/server';

import { SIGN_IN_ADDRESS } from '../../shared/web/signed-out-addresses';
import { BRAND } from '../brand';
import { Landing } from '../components/auth/Landing';
import LandingSections, { LandingFooter } from '../components/auth/LandingSections';
import { Button, ButtonLink } from '../components/Button';
import { TopBar } from '../components/layout/TopBar';
import { getCssText, globalStyles } from '../components/stitches.config';
import { LANDING_BACKGROUND } from './SignedOutScreen';

export interface Shells {
  /** The landing page's first screen, shown in the app's page until its script has run. */
  landing: string;
  /** A signed-in visitor's top bar, shown in the app's page until its script has run. */
  signedIn: string;
  /** The CSS of both. */
  css: string;
  /**
   * The landing document's body: the whole landing page, live, with no app behind it (docs/decisions.md,
   * "Landing document"): Sign In is a link and Get Started a form, both into the app.
   */
  landingPage: string;
  /** The landing document's CSS. */
  landingPageCss: string;
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
  const css = getCssText();
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
  // Stitches collects every rule rendered so far: the landing document's CSS is all of it.
  return { landing, signedIn, css, landingPage, landingPageCss: getCssText() };
}
