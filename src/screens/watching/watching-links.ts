import { PLAYER_ADDRESS_PREFIX } from '../../../shared/web/player-address';
import type { WatchTarget } from '../../components/browse/watch-target';
import type { ListedTitle } from '../../machines/watching/my-list.machine';
import { episodeLabel as labelOf } from '../../machines/watching/programme';
import type { MediaType, Title } from '../../services/catalogue/catalogue.port';

/** Where a title plays, as the player page takes it. */
export interface PlayTarget {
  media_type: MediaType;
  id: number;
  season_number: number | null;
  episode_number: number | null;
}

/**
 * The player page's address: /watch/movie/{id}, /watch/tv/{id}, or /watch/tv/{id}/{season}/{episode};
 * `?t=` the whole seconds to start at, when past the start.
 */
export function watchPath(target: PlayTarget, atSeconds = 0): string {
  const episode =
    target.media_type === 'tv' && target.season_number !== null && target.episode_number !== null
      ? `/${target.season_number}/${target.episode_number}`
      : '';
  const t = Math.floor(Number.isFinite(atSeconds) ? atSeconds : 0);
  return `${PLAYER_ADDRESS_PREFIX}${target.media_type}/${target.id}${episode}${t > 0 ? `?t=${t}` : ''}`;
}

/** What a Play button asks for (a film, or an episode) as the player page's target. */
export const playTargetOf = ({ mediaType, id, season, episode }: WatchTarget): PlayTarget => ({
  media_type: mediaType,
  id,
  season_number: season ?? null,
  episode_number: episode ?? null,
});

/** "S2:E3" for an episode, as the real service labels Continue Watching; undefined for a film. */
export function episodeLabel(target: PlayTarget): string | undefined {
  if (target.media_type !== 'tv' || target.season_number === null || target.episode_number === null) return undefined;
  return labelOf({ season: target.season_number, episode: target.episode_number });
}

/**
 * The catalogue title a saved entry stands for, enough to open its detail view (which reads
 * the rest by id). Films carry `title`, series `name`, as the catalogue's own.
 */
export function titleOfSaved(
  saved: Pick<ListedTitle, 'media_type' | 'id' | 'title' | 'backdrop_path'> & {
    poster_path?: string | null;
  },
): Title {
  return {
    id: saved.id,
    ...(saved.media_type === 'tv' ? { name: saved.title } : { title: saved.title }),
    overview: '',
    backdrop_path: saved.backdrop_path,
    poster_path: saved.poster_path ?? null,
    media_type: saved.media_type,
  };
}
