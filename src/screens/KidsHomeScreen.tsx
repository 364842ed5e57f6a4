import { useMemo } from 'react';
import { useLocation } from 'wouter';

import { playAddress } from '../../shared/web/player-address';
import { BrowsePage, RowStack } from '../components/browse/BrowseLayout';
import { mediaTypeOf } from '../machines/browse/title';
import type { RowId, TitleList } from '../services/catalogue/catalogue.port';
import { provideBrowse } from './browse/browse-logic';
import { useCatalogue } from './browse/catalogue-context';
import { HomeHero } from './browse/HomeHero';
import { HomeRow } from './browse/HomeRow';
import { useOpenTitle } from './browse/open-title';
import type { PreviewWiring } from './browse/use-preview-card';
import { ContinueWatchingHomeRow } from './watching/ContinueWatchingHomeRow';
import { MyListHomeRow } from './watching/MyListHomeRow';

/** The TMDB genres a kids home starts with (shared ids: Animation 16, Family 10751, Kids 10762). */
export const KIDS_ROWS: ReadonlyArray<{ row: TitleList; heading: string }> = [
  { row: { mediaType: 'movie', genreId: 16 }, heading: 'Animated Films' },
  { row: { mediaType: 'tv', genreId: 10762 }, heading: 'Kids’ TV' },
  { row: { mediaType: 'movie', genreId: 10751 }, heading: 'Family Films' },
  { row: { mediaType: 'tv', genreId: 16 }, heading: 'Cartoons' },
];
/** Then the home rows that still hold kids' titles (the server leaves out what is above 7+). */
export const KIDS_THEN: readonly RowId[] = ['trending', 'topRated', 'comedy', 'documentaries'];

/**
 * "/" for a kids profile: a simpler home. The hero does not autoplay its trailer; rows of
 * kids-friendly genres come first, then the general rows a kids profile's titles fill.
 */
export default function KidsHomeScreen() {
  const catalogue = useCatalogue();
  const logic = useMemo(() => provideBrowse(catalogue), [catalogue]);
  const openTitle = useOpenTitle();
  const [, navigate] = useLocation();
  const previews: PreviewWiring = {
    onPlay: (title) => navigate(playAddress({ kind: mediaTypeOf(title), id: title.id })),
    myList: true,
  };

  return (
    <BrowsePage underTopBar>
      <HomeHero
        logic={logic.hero}
        autoplay={false}
        onMoreInfo={openTitle}
        onPlay={(item) => navigate(playAddress(item))}
      />
      <RowStack>
        <ContinueWatchingHomeRow onOpenTitle={openTitle} />
        <MyListHomeRow onOpenTitle={openTitle} />
        {KIDS_ROWS.map(({ row, heading }, index) => (
          <HomeRow
            key={heading}
            row={row}
            heading={heading}
            logic={logic.row}
            onOpenTitle={openTitle}
            previews={previews}
            first={index === 0}
          />
        ))}
        {KIDS_THEN.map((row) => (
          <HomeRow key={row} row={row} logic={logic.row} onOpenTitle={openTitle} previews={previews} />
        ))}
      </RowStack>
    </BrowsePage>
  );
}
