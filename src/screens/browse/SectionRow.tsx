import { useDeferredValue, useLayoutEffect, useMemo, useRef } from 'react';

import { CardCaption } from '../../components/browse/SectionPage';
import { TitleRow } from '../../components/browse/TitleRow';
import type { Title, TitleList } from '../../services/catalogue/catalogue.port';
import { removePrerenderedRow } from '../prerendered-shell';
import type { provideBrowse } from './browse-logic';
import { useCatalogue } from './catalogue-context';
import type { OpenTitle } from './open-title';
import { titleCards } from './row-cards';
import { useNearViewport } from './use-near-viewport';
import { useRowLoad } from './use-row-load';

export interface SectionRowProps {
  heading: string;
  list: TitleList;
  logic: ReturnType<typeof provideBrowse>['row'];
  onOpenTitle: OpenTitle;
  /** A line under each card (a coming-soon date, a top-10 place), or none. */
  caption?: (title: Title, index: number) => string | undefined;
  /**
   * The page's first row: its first cards' art loads with the page, the first card's ahead of all
   * (the page's largest paint), and it takes the server's painting of it away once it has its own.
   */
  first?: boolean;
}

/** A caption's line, kept while a captioned row loads (its cards' captions take it when they come). */
const CAPTION_SPACE = <CardCaption aria-hidden="true">{'\u00a0'}</CardCaption>;

/**
 * One row of a section page (a genre, New & Popular's lists): home's row machine with the section's
 * list, backdrop cards; a list that turns out empty is left out. A sibling of HomeRow.tsx.
 */
export function SectionRow(props: SectionRowProps) {
  // A row far below the first screen keeps its skeleton (the same size, so nothing moves) until it
  // nears the viewport, and only then loads: a genre page has up to 19 rows of 20 cards, whose
  // answers and art would otherwise share a phone's bandwidth and main thread with the first row's.
  // Focus moving along a row scrolls it, bringing the next one near before Tab reaches it.
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  // Whatever happens to the page, the painting goes with it.
  useLayoutEffect(() => (props.first ? removePrerenderedRow : undefined), [props.first]);
  return (
    <div ref={box}>
      {near ? (
        <LoadedSectionRow {...props} />
      ) : (
        <TitleRow
          heading={props.heading}
          variant="backdrop"
          status="loading"
          waiting
          firstScreen={props.first ? 'lead' : undefined}
          skeletonExtras={props.caption && CAPTION_SPACE}
          items={[]}
          onOpen={() => {}}
        />
      )}
    </div>
  );
}

function LoadedSectionRow({ heading, list, logic, onOpenTitle, caption, first = false }: SectionRowProps) {
  const catalogue = useCatalogue();
  const { status, titles, error, retry } = useRowLoad(logic, list);

  const shown = useMemo(
    () => titleCards(catalogue, titles, 'backdrop', (title, index) => ({ caption: caption?.(title, index) })),
    [titles, catalogue, caption],
  );
  // As on home: a page of rows renders its cards in the background, not in one long task.
  const view = useDeferredValue(useMemo(() => ({ status, shown, error }), [status, shown, error]));
  // The server's painting of the first row (src/screens/prerender-shells.tsx) lies over this one
  // until it shows its titles, the same ones: then it goes in the same frame, and nothing moves.
  const settled = view.status !== 'loading';
  useLayoutEffect(() => {
    if (first && settled) removePrerenderedRow();
  }, [first, settled]);
  if (view.status === 'ready' && view.shown.length === 0) return null;
  return (
    <TitleRow
      heading={heading}
      variant="backdrop"
      firstScreen={first ? 'lead' : undefined}
      status={view.status}
      items={view.shown.map(({ item }) => item)}
      errorMessage={view.error ?? undefined}
      onRetry={retry}
      onOpen={(key) => {
        const found = view.shown.find(({ item }) => item.key === key);
        // A genre's titles are of its media type; the lists' titles say, or their fields do.
        if (found)
          onOpenTitle(found.title, typeof list === 'object' && 'mediaType' in list ? list.mediaType : undefined);
      }}
      renderExtras={caption ? (item) => item.caption && <CardCaption>{item.caption}</CardCaption> : undefined}
      skeletonExtras={caption && CAPTION_SPACE}
    />
  );
}
