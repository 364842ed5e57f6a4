import { useSelector } from '@xstate/react';
import { useDeferredValue, useMemo, useRef } from 'react';

import { CardCaption } from '../../components/browse/SectionPage';
import { TitleRow } from '../../components/browse/TitleRow';
import { displayName } from '../../machines/browse/title';
import type { Title, TitleList } from '../../services/catalogue/catalogue.port';
import { useInspectedActorRef } from '../inspect-context';
import type { provideBrowse } from './browse-logic';
import { useCatalogue } from './catalogue-context';
import type { OpenTitle } from './open-title';
import { useNearViewport } from './use-near-viewport';

export interface SectionRowProps {
  heading: string;
  list: TitleList;
  logic: ReturnType<typeof provideBrowse>['row'];
  onOpenTitle: OpenTitle;
  /** A line under each card (a coming-soon date, a top-10 place), or none. */
  caption?: (title: Title, index: number) => string | undefined;
}

/**
 * One row of a section page (a genre, New & Popular's lists): home's row machine with the section's
 * list, backdrop cards; a list that turns out empty is left out. A sibling of HomeRow.tsx.
 */
export function SectionRow({ heading, list, logic, onOpenTitle, caption }: SectionRowProps) {
  const catalogue = useCatalogue();
  const actor = useInspectedActorRef(logic, { input: { row: list } });
  const status = useSelector(actor, (s): 'ready' | 'error' | 'loading' =>
    s.matches('ready') ? 'ready' : s.matches('failed') ? 'error' : 'loading',
  );
  const titles = useSelector(actor, (s) => s.context.titles);
  const error = useSelector(actor, (s) => s.context.error);

  const shown = useMemo(
    () =>
      titles.flatMap((title, index) =>
        title.backdrop_path
          ? [
              {
                title,
                item: {
                  key: String(title.id),
                  title: displayName(title),
                  image: catalogue.imageSources(title.backdrop_path, 'backdrop'),
                  caption: caption?.(title, index),
                },
              },
            ]
          : [],
      ),
    [titles, catalogue, caption],
  );
  // As on home: a page of rows renders its cards in the background, not in one long task.
  const view = useDeferredValue(useMemo(() => ({ status, shown, error }), [status, shown, error]));
  // As on home (HomeRow.tsx): a row far below the first screen keeps its skeleton (the same size,
  // so nothing moves) until it nears the viewport, so the first screen does not wait on a page of
  // rows of cards and their images (a section has up to 19 genres).
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);

  if (view.status === 'ready' && view.shown.length === 0) return null;
  return (
    <div ref={box}>
      <TitleRow
        heading={heading}
        variant="backdrop"
        status={near ? view.status : 'loading'}
        items={view.shown.map(({ item }) => item)}
        errorMessage={view.error ?? undefined}
        onRetry={() => actor.send({ type: 'row.retry' })}
        onOpen={(key) => {
          const found = view.shown.find(({ item }) => item.key === key);
          // A genre's titles are of its media type; the lists' titles say, or their fields do.
          if (found)
            onOpenTitle(found.title, typeof list === 'object' && 'mediaType' in list ? list.mediaType : undefined);
        }}
        renderExtras={caption ? (item) => item.caption && <CardCaption>{item.caption}</CardCaption> : undefined}
      />
    </div>
  );
}
