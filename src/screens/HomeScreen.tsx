import { useMemo, useRef } from 'react';
import { useLocation } from 'wouter';

import { BrowsePage, RowStack } from '../components/browse/BrowseLayout';
import { ROW_IDS, type Title } from '../services/catalogue/catalogue.port';
import { provideBrowse } from './browse/browse-logic';
import { useCatalogue } from './browse/catalogue-context';
import { HomeHero } from './browse/HomeHero';
import { HomeRow } from './browse/HomeRow';
import { SearchContext } from './browse/search-context';
import { SearchView } from './browse/SearchView';
import { TitleDetails } from './browse/TitleDetails';
import { useInspectedActorRef } from './inspect-context';
import { ContinueWatchingHomeRow } from './watching/ContinueWatchingHomeRow';
import { MyListHomeRow } from './watching/MyListHomeRow';
import { useProfileControls } from './watching/profile-controls';
import { playTargetOf, watchPath } from './watching/watching-links';

/**
 * "/" when signed in: the hero, the profile's Continue Watching and My List rows (when it has
 * any), then the eight catalogue rows; or the search results while searching.
 */
export default function HomeScreen() {
  const catalogue = useCatalogue();
  const logic = useMemo(() => provideBrowse(catalogue), [catalogue]);
  const modal = useInspectedActorRef(logic.detailModal);
  const opener = useRef<HTMLElement | null>(null);
  const [, navigate] = useLocation();
  const profileControls = useProfileControls();
  // docs/spec.md §2: the results grid shows while the search bar is open with text in it.
  const searching = SearchContext.useSelector((s) => s.matches('open') && s.context.query.trim() !== '');

  // The modal takes the media type from the title itself, whichever row or result it came from.
  const openTitle = (title: Title) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    modal.send({ type: 'modal.open', title });
  };

  return (
    <BrowsePage underTopBar={!searching}>
      {searching ? (
        <SearchView onOpenTitle={openTitle} />
      ) : (
        <>
          <HomeHero logic={logic.hero} onMoreInfo={openTitle} onPlay={(target) => navigate(watchPath(target))} />
          <RowStack>
            <ContinueWatchingHomeRow onOpenTitle={openTitle} />
            <MyListHomeRow onOpenTitle={openTitle} />
            {ROW_IDS.map((row) => (
              <HomeRow key={row} row={row} logic={logic.row} onOpenTitle={openTitle} />
            ))}
          </RowStack>
        </>
      )}
      <TitleDetails
        actor={modal}
        openerRef={opener}
        onPlay={(target) => navigate(watchPath(playTargetOf(target)))}
        profileControls={profileControls}
      />
    </BrowsePage>
  );
}
