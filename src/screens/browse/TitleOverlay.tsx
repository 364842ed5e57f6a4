import { type ReactNode, Suspense, useCallback, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import { playAddress } from '../../../shared/web/player-address';
import { mediaTypeOf } from '../../machines/browse/title';
import type { MediaType, Title } from '../../services/catalogue/catalogue.port';
import { lazyScreen } from '../lazy-screen';
import { BeneathContext, usePageBeneath } from './beneath-title';
import { OpenTitleContext } from './open-title';
import { beneathOf, beneathStateOf, DEFAULT_BENEATH, type OverPage, parseTitlePath, titlePath } from './title-address';
import type { TitleDetailsHostProps } from './TitleDetailsHost';

/**
 * The detail view (its machine, dialog, season picker and sections) is a chunk of its own, so no
 * page's first load carries it; it downloads on the first open, or sooner while the browser is idle.
 */
export const TitleDetailsView = lazyScreen<TitleDetailsHostProps>(() =>
  import('./TitleDetailsHost').then((module) => ({ default: module.TitleDetailsHost })),
);

/**
 * The detail view at its own address, /title/{movie|tv}/{id}, over the page it was opened from
 * (docs/decisions.md): opening a card pushes the address, so reloading or sharing it opens the
 * same title and Back closes it, returning focus to the card. The page beneath stays mounted
 * (its Router reads the page from history.state: page-location.tsx), so closing shows it as it was.
 */
export function TitleOverlay({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const historyState = useHistoryState();
  const address = parseTitlePath(location);
  const opener = useRef<HTMLElement | null>(null);
  // The title a card handed over with its address, so the view opens at once without a fetch.
  const handedOver = useRef<Title | null>(null);
  // Once shown, the view stays mounted, closed, so that closing can hand focus back to the card.
  const [wanted, setWanted] = useState(false);
  if (address && !wanted) setWanted(true);
  // Opened at a title's address, the page beneath waits for the view (beneath-title.ts).
  const { beneath: page, viewShown } = usePageBeneath(address !== null);

  const open = useCallback(
    (title: Title, mediaType: MediaType = mediaTypeOf(title)) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      handedOver.current = { ...title, media_type: mediaType };
      // From a page, that page; from a title's own view (its cast, say), the page under it.
      const beneath = address
        ? (beneathOf(historyState) ?? DEFAULT_BENEATH)
        : `${location}${search ? `?${search}` : ''}`;
      // The page's own state goes along, so a search page still knows the page beneath it.
      const state: OverPage = { beneath, beneathState: address ? beneathStateOf(historyState) : historyState };
      navigate(titlePath({ mediaType, id: title.id }), { state });
    },
    [address, historyState, location, search, navigate],
  );

  // More Like This replaces the address in place: Back still closes the detail view.
  const openSimilar = (title: Title) => {
    handedOver.current = title;
    navigate(titlePath({ mediaType: mediaTypeOf(title), id: title.id }), { replace: true, state: historyState });
  };

  const close = () => {
    // Pushed over a page in this tab: going back shows that page. A shared link has nothing to go back to.
    if (beneathOf(historyState)) history.back();
    else navigate(DEFAULT_BENEATH, { replace: true });
  };

  return (
    <OpenTitleContext.Provider value={open}>
      <BeneathContext.Provider value={page}>{children}</BeneathContext.Provider>
      {wanted && (
        <Suspense fallback={null}>
          <TitleDetailsView
            address={address}
            handedOverRef={handedOver}
            openerRef={opener}
            onClose={close}
            onOpenSimilar={openSimilar}
            onPlay={(target) => navigate(playAddress(target))}
            onShown={viewShown}
          />
        </Suspense>
      )}
    </OpenTitleContext.Provider>
  );
}
