import { useMemo } from 'react';

import { catalogueDay, isUnreleased, releaseDateOf } from '../../../shared/catalogue/release';
import { BRAND } from '../../brand';
import { RowStack } from '../../components/browse/BrowseLayout';
import { SectionPage } from '../../components/browse/SectionPage';
import type { Title, TitleList } from '../../services/catalogue/catalogue.port';
import { provideBrowse } from './browse-logic';
import { useCatalogue } from './catalogue-context';
import { useOpenTitle } from './open-title';
import { SectionRow, type SectionRowProps } from './SectionRow';

const comingDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Coming March 15", from the title's release (or first air) date; nothing for a released title. */
export function comingOn(title: Title, now: Date = new Date()): string | undefined {
  const date = releaseDateOf(title);
  if (!date || !isUnreleased(title, catalogueDay(now))) return undefined;
  return `Coming ${comingDate.format(new Date(`${date}T00:00:00Z`))}`;
}

const place = (_title: Title, index: number) => `No. ${index + 1}`;

/**
 * New & Popular's rows: new releases, what is watched most, and what is coming (docs/decisions.md,
 * "Sections"). Coming Soon comes last, as the real service puts its coming rows after its Top 10s:
 * it is left out when nothing is coming, and its loading row closing up there moves nothing.
 */
export const ROWS: { heading: string; list: TitleList; caption?: SectionRowProps['caption'] }[] = [
  { heading: `New on ${BRAND}`, list: { lists: ['nowPlayingMovies', 'onTheAirTv'] } },
  { heading: 'Trending This Week', list: 'trending' },
  { heading: 'Top 10 TV Shows Today', list: { lists: ['trendingTvToday'], limit: 10 }, caption: place },
  { heading: 'Top 10 Films Today', list: { lists: ['trendingMoviesToday'], limit: 10 }, caption: place },
  {
    heading: 'Coming Soon',
    list: { lists: ['upcomingMovies'], unreleasedOnly: true },
    caption: (title) => comingOn(title),
  },
];

/** The page's heading (the top bar's name for it). */
export const NEW_HEADING = 'New & Popular';

/** "/new": New & Popular. */
export default function NewScreen() {
  const catalogue = useCatalogue();
  const logic = useMemo(() => provideBrowse(catalogue).row, [catalogue]);
  const openTitle = useOpenTitle();
  return (
    <SectionPage heading={NEW_HEADING}>
      <RowStack>
        {ROWS.map((row, index) => (
          <SectionRow
            key={row.heading}
            first={index === 0}
            heading={row.heading}
            list={row.list}
            logic={logic}
            onOpenTitle={openTitle}
            caption={row.caption}
          />
        ))}
      </RowStack>
    </SectionPage>
  );
}
