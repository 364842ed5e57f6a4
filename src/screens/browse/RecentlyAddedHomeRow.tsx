import { useMemo } from 'react';

import { RECENTLY_ADDED_HEADING } from '../../../shared/library/recently-added';
import { TitleRow } from '../../components/browse/TitleRow';
import type { Title, TitleList } from '../../services/catalogue/catalogue.port';
import { useBeneath } from './beneath-title';
import type { provideBrowse } from './browse-logic';
import { useCatalogue } from './catalogue-context';
import { titleCards, useRowCards } from './row-cards';
import { type PreviewWiring, usePreviewCard } from './use-preview-card';
import { useRowLoad } from './use-row-load';

export interface RecentlyAddedHomeRowProps {
  logic: ReturnType<typeof provideBrowse>['row'];
  onOpenTitle: (title: Title) => void;
  previews?: PreviewWiring;
}

const RECENTLY_ADDED: TitleList = { recentlyAdded: true };

/**
 * Home's "Recently Added" row: the operator's library titles that can be played, newest first,
 * loaded by the same row machine as the other rows. Shown only once it has titles (or could not
 * be read, with a retry); a catalogue without a library never shows it.
 */
export function RecentlyAddedHomeRow({ logic, onOpenTitle, previews }: RecentlyAddedHomeRowProps) {
  const catalogue = useCatalogue();
  // Under a title's detail view opened by its address, as home's other rows (HomeRow.tsx).
  const beneath = useBeneath();
  const covered = !beneath.shown;
  const { status, titles, error, retry } = useRowLoad(logic, RECENTLY_ADDED, beneath);
  const shown = useMemo(() => titleCards(catalogue, titles, 'backdrop'), [titles, catalogue]);
  const { items, titleOf, onOpen } = useRowCards(shown, onOpenTitle);
  const preview = usePreviewCard(titleOf, previews);

  if (covered || !catalogue.recentlyAdded || status === 'loading' || (status === 'ready' && shown.length === 0)) {
    return null;
  }
  return (
    <TitleRow
      heading={RECENTLY_ADDED_HEADING}
      variant="backdrop"
      posterOnPhones
      status={status}
      items={items}
      errorMessage={error ?? undefined}
      onRetry={retry}
      onOpen={onOpen}
      {...preview}
    />
  );
}
