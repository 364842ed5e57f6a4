import { useMemo } from 'react';

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

/** "Coming March 15", from the title's release (or first air) date. */
function comingOn(title: Title): string | undefined {
  const date = title.release_date || title.first_air_date;
  return date ? `Coming ${comingDate.format(new Date(`${date}T00:00:00Z`))}` : undefined;
}

const place = (_title: Title, index: number) => `No. ${index + 1}`;

/** New & Popular's rows: new releases, what is coming, and what is watched most (docs/decisions.md, "Sections"). */
export const ROWS: { heading: string; list: TitleList; caption?: SectionRowProps['caption'] }[] = [
  { heading: `New on ${BRAND}`, list: { lists: ['nowPlayingMovies', 'onTheAirTv'] } },
  { heading: 'Coming Soon', list: { lists: ['upcomingMovies'] }, caption: comingOn },
  { heading: 'Trending This Week', list: 'trending' },
  { heading: 'Top 10 TV Shows Today', list: { lists: ['trendingTvToday'], limit: 10 }, caption: place },
  { heading: 'Top 10 Films Today', list: { lists: ['trendingMoviesToday'], limit: 10 }, caption: place },
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
