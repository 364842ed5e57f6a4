import { renderToStaticMarkup } from 'react-dom/server';

import { BRAND } from '../brand';
import { Landing } from '../components/auth/Landing';
import { Button } from '../components/Button';
import { TopBar } from '../components/layout/TopBar';
import { getCssText, globalStyles } from '../components/stitches.config';
import { LANDING_BACKGROUND } from './SignedOutScreen';

/**
 * What a page shows before its script has run, rendered at build time into index.html
 * (scripts/vite-prerender-shells.ts): the signed-out landing page, and for a signed-in visitor
 * (the server swaps it in, server/web/index-page.ts) the top bar with the logo. Both are the
 * components the app renders itself; it replaces them on its first render
 * (src/screens/prerendered-shell.ts). Returns the markup of each and the CSS they need.
 */
export function renderShells(): { landing: string; signedIn: string; css: string } {
  globalStyles();
  const landing = renderToStaticMarkup(
    <>
      <TopBar brand={BRAND}>
        <Button size="sm">Sign In</Button>
      </TopBar>
      <Landing backgroundSrc={LANDING_BACKGROUND} onGetStarted={() => undefined} />
    </>,
  );
  const signedIn = renderToStaticMarkup(<TopBar brand={BRAND} />);
  return { landing, signedIn, css: getCssText() };
}
