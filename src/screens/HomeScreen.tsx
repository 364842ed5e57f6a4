import { Fragment } from 'react';

import { BrowsePage, RowStack } from '../components/browse/BrowseLayout';
import { ROW_IDS } from '../services/catalogue/catalogue.port';
import { BecauseYouWatchedHomeRows } from './browse/BecauseYouWatchedHomeRows';
import { HomeHero } from './browse/HomeHero';
import { HomeRow } from './browse/HomeRow';
import { RecentlyAddedHomeRow } from './browse/RecentlyAddedHomeRow';
import { TopTenHomeRow } from './browse/TopTenHomeRow';
import { useHomeWiring } from './browse/use-home-wiring';
import KidsHomeScreen from './KidsHomeScreen';
import { useActiveIsKids, useActiveProfileSettings } from './profiles/profiles-actor';
import { ContinueWatchingHomeRow } from './watching/ContinueWatchingHomeRow';
import { MyListHomeRow } from './watching/MyListHomeRow';

/**
 * "/" when signed in: the hero, the profile's Continue Watching and My List rows (when it has
 * any), its "Because you watched" rows, the library's Recently Added (when it has titles), then
 * the eight catalogue rows with the Top 10 under the second. A kids profile gets its own home (KidsHomeScreen.tsx).
 * Search is a page of its own (SearchScreen.tsx).
 */
export default function HomeScreen() {
  return useActiveIsKids() ? <KidsHomeScreen /> : <FullHomeScreen />;
}

function FullHomeScreen() {
  const { logic, openTitle, play, previews } = useHomeWiring();
  const { autoplayPreviews } = useActiveProfileSettings();

  return (
    <BrowsePage underTopBar>
      <HomeHero logic={logic.hero} autoplay={autoplayPreviews} onMoreInfo={openTitle} onPlay={play} />
      <RowStack>
        <ContinueWatchingHomeRow onOpenTitle={openTitle} />
        <MyListHomeRow onOpenTitle={openTitle} />
        <BecauseYouWatchedHomeRows onOpenTitle={openTitle} previews={previews} />
        <RecentlyAddedHomeRow logic={logic.row} onOpenTitle={openTitle} previews={previews} />
        {ROW_IDS.map((row) => (
          <Fragment key={row}>
            <HomeRow
              row={row}
              logic={logic.row}
              onOpenTitle={openTitle}
              previews={previews}
              first={row === ROW_IDS[0]}
            />
            {/* As on the real service, the Top 10 comes a few rows down. */}
            {row === ROW_IDS[1] && <TopTenHomeRow logic={logic.row} onOpenTitle={openTitle} />}
          </Fragment>
        ))}
      </RowStack>
    </BrowsePage>
  );
}
