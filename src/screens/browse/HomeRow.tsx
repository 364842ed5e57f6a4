import { useDeferredValue, useMemo, useRef } from 'react';

import { TitleRow } from '../../components/browse/TitleRow';
import type { RowId, Title, TitleList } from '../../services/catalogue/catalogue.port';
import { useBeneath } from './beneath-title';
import type { provideBrowse } from './browse-logic';
import { useCatalogue } from './catalogue-context';
import { titleCards, useRowCards } from './row-cards';
import { ROW_HEADINGS, rowVariant } from './rows';
import { useNearViewport } from './use-near-viewport';
import { type PreviewWiring, usePreviewCard } from './use-preview-card';
import { useRowLoad } from './use-row-load';

export interface HomeRowProps {
  /** One of home's rows, or another list (a genre's: the kids home's) with its `heading`. */
  row: RowId | TitleList;
  heading?: string;
  logic: ReturnType<typeof provideBrowse>['row'];
  onOpenTitle: (title: Title) => void;
  /** Preview cards on hover and on their key; none without it. */
  previews?: PreviewWiring;
  /** The first row under the hero: its first cards' art loads with the page (the hero's comes first). */
  first?: boolean;
}

/**
 * One home-screen row: its own machine loads it; only titles with the needed image are shown.
 * Under a title's detail view opened by its address (beneath-title.ts), it asks for nothing until
 * the view is up, and keeps its skeleton until the view closes.
 */
export function HomeRow({ row, heading, logic, onOpenTitle, previews, first = false }: HomeRowProps) {
  const catalogue = useCatalogue();
  const beneath = useBeneath();
  const { status, titles, error, retry } = useRowLoad(logic, row, beneath);
  const variant = typeof row === 'string' ? rowVariant(row) : 'backdrop';

  const shown = useMemo(() => titleCards(catalogue, titles, variant), [titles, variant, catalogue]);

  // Eight rows of cards arrive within moments of each other: each renders its cards in the
  // background (a transition React can pause for input and paint), not in one long task that
  // blocks the page; until then the row keeps what it showed (its skeleton).
  const view = useDeferredValue(useMemo(() => ({ status, shown, error }), [status, shown, error]));
  const { items, titleOf, onOpen } = useRowCards(view.shown, onOpenTitle);
  const preview = usePreviewCard(titleOf, previews);
  // A row far below the first screen keeps its skeleton (the same size, so nothing moves) until
  // it nears the viewport: home's first screen does not wait on eight rows of cards. Focus moving
  // along a row scrolls it, bringing the next one near before Tab reaches it.
  const box = useRef<HTMLDivElement>(null);
  const showing = useNearViewport(box, undefined, beneath.shown) && beneath.shown;

  return (
    <div ref={box}>
      <TitleRow
        heading={heading ?? (typeof row === 'string' ? ROW_HEADINGS[row] : '')}
        variant={variant}
        posterOnPhones
        status={showing ? view.status : 'loading'}
        waiting={!showing}
        firstScreen={first ? 'eager' : undefined}
        items={items}
        errorMessage={view.error ?? undefined}
        onRetry={retry}
        onOpen={onOpen}
        {...preview}
      />
    </div>
  );
}
