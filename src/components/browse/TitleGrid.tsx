import { styled } from '../stitches.config';
import { Skeleton } from './BrowseLayout';
import type { ImageSources } from './image-sources';
import { TitleCard } from './TitleCard';

// docs/spec.md §9: tiles 48% on phones (three to a row left a 390px phone's art about 60px tall,
// too small to read), then 30%, 23% and 18.5%; the column gap takes exactly what is left over.
const THREE_UP = '@media (min-width: 560px)';

/** A wrapping grid of title cards (search results, My List); give it role="list". */
export const TitleGrid = styled('ul', {
  display: 'flex',
  flexWrap: 'wrap',
  rowGap: '$5',
  columnGap: '4%',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  [THREE_UP]: { columnGap: 'calc((100% - 3 * 30%) / 2)' },
  '@tablet': { columnGap: 'calc((100% - 4 * 23%) / 3)' },
  '@desktop': { columnGap: 'calc((100% - 5 * 18.5%) / 4)' },
});

/** One tile of a TitleGrid. */
export const TitleGridTile = styled('li', {
  position: 'relative',
  width: '48%',
  [THREE_UP]: { width: '30%' },
  '@tablet': { width: '23%' },
  '@desktop': { width: '18.5%' },
});

/** The grid's placeholder while its titles load: backdrop-shaped tiles, hidden from assistive technology. */
export function TitleGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <TitleGrid role="list" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <TitleGridTile key={index} aria-hidden="true">
          <Skeleton css={{ aspectRatio: '16 / 9' }} />
        </TitleGridTile>
      ))}
    </TitleGrid>
  );
}

export interface TitleCardGridItem {
  key: string;
  title: string;
  /** `null` when the title has no artwork: it shows as a tile with its name. */
  image: ImageSources | null;
}

/** A grid of backdrop cards (a genre page, My List); a card opens its title by key. */
export function TitleCardGrid({ items, onOpen }: { items: TitleCardGridItem[]; onOpen: (key: string) => void }) {
  return (
    <TitleGrid role="list">
      {items.map((item) => (
        <TitleGridTile key={item.key}>
          <TitleCard title={item.title} image={item.image} variant="backdrop" onOpen={() => onOpen(item.key)} />
        </TitleGridTile>
      ))}
    </TitleGrid>
  );
}
