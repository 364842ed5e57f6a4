import { useMemo } from 'react';
import { useLocation } from 'wouter';

import { isResumable } from '../../../shared/watching/watching-rules';
import { ContinueWatchingRow } from '../../components/watching/ContinueWatchingRow';
import { formatTime } from '../../components/watching/format-time';
import type { MediaType, Title } from '../../services/catalogue/catalogue.port';
import { useBeneath } from '../browse/beneath-title';
import { useCatalogue } from '../browse/catalogue-context';
import { ContinueWatchingContext } from './watching-actors';
import { episodeLabel, titleOfSaved, watchPath } from './watching-links';

export interface ContinueWatchingHomeRowProps {
  onOpenTitle: (title: Title, mediaType: MediaType) => void;
}

/**
 * Home's Continue Watching row: shown once the profile's entries are read and there are some
 * (or with a retry when they could not be read). The player hands each position to the same
 * actor, so the row is current without reading the store again. An entry barely begun plays from
 * its start (for a series, of the episode it holds).
 */
export function ContinueWatchingHomeRow({ onOpenTitle }: ContinueWatchingHomeRowProps) {
  const catalogue = useCatalogue();
  // Under a title's detail view opened by its address: nothing until the view closes (beneath-title.ts).
  const covered = !useBeneath().shown;
  const [, navigate] = useLocation();
  const actor = ContinueWatchingContext.useActorRef();
  const status = ContinueWatchingContext.useSelector((s) =>
    s.matches('loaded') ? 'ready' : s.matches('failed') ? 'error' : 'loading',
  );
  const entries = ContinueWatchingContext.useSelector((s) => s.context.entries);
  const error = ContinueWatchingContext.useSelector((s) => s.context.error);

  const items = useMemo(
    () =>
      entries.map((entry) => ({
        key: entry.key,
        title: entry.title,
        image: entry.backdrop_path ? catalogue.imageSources(entry.backdrop_path, 'backdrop') : null,
        episode: episodeLabel(entry),
        fraction: entry.position_seconds / entry.duration_seconds,
        progressText: `${formatTime(entry.position_seconds)} of ${formatTime(entry.duration_seconds)}`,
        playHref: watchPath(entry, isResumable(entry.position_seconds) ? entry.position_seconds : undefined),
      })),
    [entries, catalogue],
  );

  if (covered || status === 'loading' || (status === 'ready' && items.length === 0)) return null;
  return (
    <ContinueWatchingRow
      status={status}
      items={items}
      errorMessage={error ?? undefined}
      onRetry={() => actor.send({ type: 'continueWatching.retry' })}
      onOpen={(key) => {
        const entry = entries.find((candidate) => candidate.key === key);
        if (entry) onOpenTitle(titleOfSaved(entry), entry.media_type);
      }}
      onPlay={(key) => {
        const item = items.find((candidate) => candidate.key === key);
        if (item) navigate(item.playHref);
      }}
      onRemove={(key) => actor.send({ type: 'continueWatching.remove', key })}
    />
  );
}
