import { useMemo, useRef } from 'react';

import { TOP_TEN_HEADING } from '../../../shared/activity/activity-rules';
import { TopTenRow } from '../../components/browse/TopTenRow';
import { displayName, mediaTypeOf } from '../../machines/browse/title';
import type { Title, TitleList } from '../../services/catalogue/catalogue.port';
import { useBeneath } from './beneath-title';
import type { provideBrowse } from './browse-logic';
import { useCatalogue } from './catalogue-context';
import { useRowCards } from './row-cards';
import { useNearViewport } from './use-near-viewport';
import { useRowLoad } from './use-row-load';

export interface TopTenHomeRowProps {
  logic: ReturnType<typeof provideBrowse>['row'];
  onOpenTitle: (title: Title) => void;
}

const TOP_TEN: TitleList = { topTen: true };

/**
 * Home's Top 10: this service's most played titles of the week (filled by popularity), each
 * poster beside its rank, loaded by the same row machine as the other rows. Left out where the
 * catalogue has no Top 10 (TMDB's).
 */
export function TopTenHomeRow({ logic, onOpenTitle }: TopTenHomeRowProps) {
  const catalogue = useCatalogue();
  // Under a title's detail view opened by its address, as home's other rows (HomeRow.tsx).
  const beneath = useBeneath();
  const { status, titles, error, retry } = useRowLoad(logic, TOP_TEN, beneath);
  const shown = useMemo(
    () =>
      titles.map((title) => ({
        title,
        item: {
          key: `${mediaTypeOf(title)}-${title.id}`,
          title: displayName(title),
          poster: title.poster_path ? catalogue.imageSources(title.poster_path, 'poster') : null,
        },
      })),
    [titles, catalogue],
  );
  const { items, onOpen } = useRowCards(shown, onOpenTitle);
  // As home's other rows: its skeleton until it nears the viewport, so its posters do not
  // compete with the hero's art and the first row's when home opens.
  const box = useRef<HTMLDivElement>(null);
  const showing = useNearViewport(box, undefined, beneath.shown) && beneath.shown;

  if (!catalogue.topTen) return null;
  return (
    <div ref={box}>
      <TopTenRow
        heading={TOP_TEN_HEADING}
        status={showing ? status : 'loading'}
        items={items}
        errorMessage={error ?? undefined}
        onRetry={retry}
        onOpen={onOpen}
      />
    </div>
  );
}
