import { BrowsePage, RowStack } from '../components/browse/BrowseLayout';
import type { RowId, TitleList } from '../services/catalogue/catalogue.port';
import { HomeHero } from './browse/HomeHero';
import { HomeRow } from './browse/HomeRow';
import { useHomeWiring } from './browse/use-home-wiring';
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
  const { logic, openTitle, play, previews } = useHomeWiring();

  return (
    <BrowsePage underTopBar>
      <HomeHero logic={logic.hero} autoplay={false} onMoreInfo={openTitle} onPlay={play} />
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
