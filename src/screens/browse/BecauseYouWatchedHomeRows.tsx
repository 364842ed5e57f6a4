import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';

import { becauseYouWatchedHeading } from '../../../shared/ratings/ratings-rules';
import { titleKey } from '../../../shared/watching/watching-rules';
import { TitleRow } from '../../components/browse/TitleRow';
import { becauseYouWatchedMachine } from '../../machines/browse/because-you-watched.machine';
import { mediaTypeOf } from '../../machines/browse/title';
import { fromPromise } from '../../machines/from-promise';
import type { Title } from '../../services/catalogue/catalogue.port';
import type { BecauseYouWatchedRow, RatingsStore } from '../../services/ratings/ratings.port';
import type { ProfileRef } from '../../services/watching/watching.port';
import { useInspectedActorRef } from '../inspect-context';
import { RatingsContext } from '../watching/watching-actors';
import { useWatchingStore } from '../watching/watching-context';
import { useAwake, useBeneath } from './beneath-title';
import { useCatalogue } from './catalogue-context';
import { titleCards, useRowCards } from './row-cards';
import { type PreviewWiring, usePreviewCard } from './use-preview-card';

export interface BecauseYouWatchedHomeRowsProps {
  onOpenTitle: (title: Title) => void;
  previews?: PreviewWiring;
}

const NO_STORE: Pick<RatingsStore, 'becauseYouWatched'> = { becauseYouWatched: async () => [] };

function BecauseYouWatchedHomeRow({
  row,
  onOpenTitle,
  previews,
}: BecauseYouWatchedHomeRowsProps & { row: BecauseYouWatchedRow }) {
  const catalogue = useCatalogue();
  // Keyed by media type too: its titles mix films and series, and one of each may share an id.
  const shown = useMemo(
    () => titleCards(catalogue, row.titles, 'backdrop', (title) => ({ key: titleKey(mediaTypeOf(title), title.id) })),
    [row, catalogue],
  );
  const { items, titleOf, onOpen } = useRowCards(shown, onOpenTitle);
  const preview = usePreviewCard(titleOf, previews);
  return (
    <TitleRow
      heading={becauseYouWatchedHeading(row.because.name)}
      variant="backdrop"
      posterOnPhones
      status="ready"
      items={items}
      onOpen={onOpen}
      {...preview}
    />
  );
}

/**
 * Home's "Because you watched {title}" rows (at most two), computed by the server from the active
 * profile's plays and ratings; read again whenever a rating is saved. Nothing shows while they load,
 * when there are none, or when they could not be read (they are a suggestion, not the profile's data).
 */
export function BecauseYouWatchedHomeRows(props: BecauseYouWatchedHomeRowsProps) {
  // Under a title's detail view opened by its address: nothing asked until the page wakes (beneath-title.ts).
  return useAwake(useBeneath()) ? <AwakeBecauseYouWatchedRows {...props} /> : null;
}

function AwakeBecauseYouWatchedRows({ onOpenTitle, previews }: BecauseYouWatchedHomeRowsProps) {
  const covered = !useBeneath().shown;
  const store = useWatchingStore().ratings ?? NO_STORE;
  const logic = useMemo(
    () =>
      becauseYouWatchedMachine.provide({
        actors: {
          loadRows: fromPromise<BecauseYouWatchedRow[], { profile: ProfileRef }>(({ input }) =>
            store.becauseYouWatched(input.profile),
          ),
        },
      }),
    [store],
  );
  const profile = RatingsContext.useSelector((s) => s.context.profile);
  const revision = RatingsContext.useSelector((s) => s.context.revision);
  const actor = useInspectedActorRef(logic, { input: { profile } });
  const rows = useSelector(actor, (s) => s.context.rows);

  useEffect(() => actor.send({ type: 'becauseYouWatched.profileChanged', profile }), [actor, profile]);
  const seenRevision = useRef(revision);
  useEffect(() => {
    if (seenRevision.current === revision) return;
    seenRevision.current = revision;
    actor.send({ type: 'becauseYouWatched.refresh' });
  }, [actor, revision]);

  if (covered) return null;
  return rows.map((row) => (
    <BecauseYouWatchedHomeRow key={row.because.key} row={row} onOpenTitle={onOpenTitle} previews={previews} />
  ));
}
