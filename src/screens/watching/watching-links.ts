import { itemOfSaved, playAddress } from '../../../shared/web/player-address';
import type { ListedTitle } from '../../machines/watching/my-list.machine';
import { episodeLabel as labelOf } from '../../machines/watching/programme';
import type { MediaType, Title } from '../../services/catalogue/catalogue.port';

/** A stored entry's title and episode (Continue Watching's documents carry them so). */
export interface SavedTarget {
  media_type: MediaType;
  id: number;
  season_number: number | null;
  episode_number: number | null;
}

/** The player page's address of a saved entry, from `atSeconds` when past the start. */
export const watchPath = (saved: SavedTarget, atSeconds?: number): string => playAddress(itemOfSaved(saved, atSeconds));

/** "S2:E3" for an episode, as the real service labels Continue Watching; undefined for a film. */
export function episodeLabel(target: SavedTarget): string | undefined {
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
