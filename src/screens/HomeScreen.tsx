import { useMemo } from 'react';

import { BrowsePage, RowStack } from '../components/browse/BrowseLayout';
import { ROW_IDS } from '../services/catalogue/catalogue.port';
import { provideBrowse } from './browse/browse-logic';
import { useCatalogue } from './browse/catalogue-context';
import { HomeHero } from './browse/HomeHero';
import { HomeRow } from './browse/HomeRow';
import { useOpenTitle } from './browse/open-title';
import { ContinueWatchingHomeRow } from './watching/ContinueWatchingHomeRow';
import { MyListHomeRow } from './watching/MyListHomeRow';

/**
 * "/" when signed in: the hero, the profile's Continue Watching and My List rows (when it has
 * any), then the eight catalogue rows. Search is a page of its own (SearchScreen.tsx).
 */
export default function HomeScreen() {
  const catalogue = useCatalogue();
  const logic = useMemo(() => provideBrowse(catalogue), [catalogue]);
  const openTitle = useOpenTitle();

  return (
    <BrowsePage underTopBar>
      <HomeHero logic={logic.hero} onMoreInfo={openTitle} />
      <RowStack>
        <ContinueWatchingHomeRow onOpenTitle={openTitle} />
        <MyListHomeRow onOpenTitle={openTitle} />
        {ROW_IDS.map((row) => (
          <HomeRow key={row} row={row} logic={logic.row} onOpenTitle={openTitle} />
        ))}
      </RowStack>
    </BrowsePage>
  );
}
