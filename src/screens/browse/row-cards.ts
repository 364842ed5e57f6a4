import { useCallback } from 'react';

import type { TitleRowItem } from '../../components/browse/TitleRow';
import { displayName } from '../../machines/browse/title';
import type { CatalogueService, Title } from '../../services/catalogue/catalogue.port';

/** A title a row shows, beside the item its card is drawn from. */
export interface RowCard<I extends { key: string }> {
  title: Title;
  item: I;
}

/**
 * A row's cards: only the titles with the art its `variant` needs (a card without it would be a
 * bare tile), each keyed by its id, with the poster a phone shows in place of a backdrop. What
 * `more` returns is added to an item, or replaces its field (a caption, another key); it is told
 * the title's place in the whole list.
 */
export function titleCards<More extends object = object>(
  catalogue: CatalogueService,
  titles: readonly Title[],
  variant: 'poster' | 'backdrop',
  more?: (title: Title, index: number) => More,
): RowCard<TitleRowItem & More>[] {
  return titles.flatMap((title, index) => {
    const path = variant === 'poster' ? title.poster_path : title.backdrop_path;
    return path
      ? [
          {
            title,
            item: {
              key: String(title.id),
              title: displayName(title),
              image: catalogue.imageSources(path, variant),
              poster: title.poster_path ? catalogue.imageSources(title.poster_path, 'poster') : null,
              ...(more?.(title, index) as More),
            },
          },
        ]
      : [];
  });
}

/**
 * What a row component is handed for its cards: their items, `onOpen`, which opens the title of
 * the card chosen, and `titleOf`, which finds a card's title by its key (for its preview).
 */
export function useRowCards<I extends { key: string }>(
  cards: readonly RowCard<I>[],
  onOpenTitle: (title: Title) => void,
) {
  const titleOf = useCallback((key: string) => cards.find(({ item }) => item.key === key)?.title, [cards]);
  return {
    items: cards.map(({ item }) => item),
    titleOf,
    onOpen: (key: string) => {
      const title = titleOf(key);
      if (title) onOpenTitle(title);
    },
  };
}
