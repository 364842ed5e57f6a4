import type { TmdbTvDetails } from '../../../shared/catalogue/tmdb.schema';
import type { ProgressWrite } from '../../../shared/watching/watching.schema';
import { isFinished, titleKey } from '../../../shared/watching/watching-rules';
import type { EpisodeRef, ProgrammeRequest } from '../../../shared/web/player-address';

// The address's request and the episode's label: one definition with the server's first paint of the player.
export type { EpisodeRef, ProgrammeRequest } from '../../../shared/web/player-address';
export { episodeLabel } from '../../../shared/web/player-address';

/** What is played: the title as the viewer sees it, and the programme's master playlist. */
export interface Programme extends ProgrammeRequest {
  title: string;
  backdropPath: string | null;
  src: string;
  /** Its trickplay thumbnails' WebVTT index; null while it has none (a programme still being made). */
  thumbnails: string | null;
  /** Its intro, recap and credits markers (JSON, shared/media/markers.ts); null when it has none to read. */
  markers: string | null;
  /** An episode's own name, where the programme's source knows it (the operator's library). */
  episodeName?: string;
  /** The episode after this one; null for a film or the last episode of the last season. */
  next: EpisodeRef | null;
  /** What the end screen offers after a film: up to three titles from More Like This, of the same kind. */
  moreLikeThis: RecommendedTitle[];
}

export interface RecommendedTitle {
  id: number;
  name: string;
  backdropPath: string | null;
}

/** The end screen's share of More Like This. */
export const RECOMMENDATIONS = 3;

/** A series' seasons as the catalogue's details give them (season 0 holds specials). */
type SeasonCount = Pick<TmdbTvDetails['seasons'][number], 'season_number' | 'episode_count'>;

/** The episode after `current`: the next in its season, else the first of the next season with episodes. */
export function nextEpisode(seasons: readonly SeasonCount[], current: EpisodeRef): EpisodeRef | null {
  const regular = seasons.filter((s) => s.season_number > 0 && s.episode_count > 0);
  const season = regular.find((s) => s.season_number === current.season);
  if (season && current.episode < season.episode_count) return { season: current.season, episode: current.episode + 1 };
  const later = regular
    .filter((s) => s.season_number > current.season)
    .sort((a, b) => a.season_number - b.season_number);
  return later.length > 0 ? { season: later[0].season_number, episode: 1 } : null;
}

/** What Continue Watching should hold for a programme watched to `position`. */
export type ProgressCommand = { kind: 'save'; entry: ProgressWrite } | { kind: 'remove'; key: string };

/**
 * Where the viewer is, as a Continue Watching change: the position; or, once finished (≥ 95 %),
 * nothing for a film, the next episode from its start for a series, or nothing after its last.
 */
export function progressCommand(programme: Programme, position: number, duration: number): ProgressCommand {
  const key = titleKey(programme.mediaType, programme.id);
  const finished = isFinished(position, duration);
  const at = finished ? programme.next : programme.episode;
  if (finished && !at) return { kind: 'remove', key };
  return {
    kind: 'save',
    entry: {
      media_type: programme.mediaType,
      id: programme.id,
      season_number: at?.season ?? null,
      episode_number: at?.episode ?? null,
      position_seconds: finished ? 0 : Math.round(position * 10) / 10,
      duration_seconds: duration,
      title: programme.title,
      backdrop_path: programme.backdropPath,
    },
  };
}
