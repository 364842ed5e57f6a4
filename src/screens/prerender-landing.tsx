import { renderToStaticMarkup } from 'react-dom/server';
import { Button } from '../components/Button';
import { Landing } from '../components/auth/Landing';
import { TopBar } from '../components/layout/TopBar';
import { getCssText, globalStyles } from '../components/stitches.config';
import { BRAND } from '../brand';
import { LANDING_BACKGROUND } from './SignedOutScreen';

/**
 * The signed-out landing page as static markup and the CSS it needs, rendered at build time into
 * index.html (scripts/vite-prerender-landing.ts): a first visit paints the page before any
 * script has run. It is the same components SignedOutRoutes renders; the app replaces it with the
 * live page on its first render (src/screens/prerendered-shell.ts).
 */
export function renderLandingShell(): { html: string; css: string } {
  globalStyles();
  const html = renderToStaticMarkup(
    <>
      <TopBar brand={BRAND}>
        <Button size="sm">Sign In</Button>
      </TopBar>
      <Landing backgroundSrc={LANDING_BACKGROUND} onGetStarted={() => undefined} />
    </>,
  );
  return { html, css: getCssText() };
}
