import { EMBEDDED_CATALOGUE } from '../../../shared/catalogue/first-screen';
import { EMBEDDED_WIDE_WIDTHS } from '../../../shared/media/image-sizes';
import type { TmdbCatalogueConfig } from './tmdb-catalogue';

/** docs/spec.md §7's player options: autoplay, muted, no info, modest branding, no related videos; plus playsinline for phones. */
export const PLAYER_OPTIONS = 'autoplay=1&mute=1&showinfo=0&modestbranding=1&rel=0&playsinline=1';

/**
 * Which catalogue is live, from build-time configuration: TMDB and YouTube when
 * VITE_TMDB_API_KEY is set, otherwise the embedded catalogue and video host.
 */
export function catalogueConfig(env: ImportMetaEnv): TmdbCatalogueConfig {
  if (env.VITE_TMDB_API_KEY) {
    return {
      baseUrl: 'https://api.themoviedb.org/3',
      apiKey: env.VITE_TMDB_API_KEY,
      imageBase: 'https://image.tmdb.org/t/p',
      embedUrl: (key) => `https://www.youtube.com/embed/${encodeURIComponent(key)}?${PLAYER_OPTIONS}`,
    };
  }
  return {
    ...EMBEDDED_CATALOGUE,
    apiKey: env.VITE_CATALOGUE_API_KEY || 'marquee-local-key',
    embedUrl: (key) => `/embed/${encodeURIComponent(key)}?${PLAYER_OPTIONS}`,
    // The embedded image host's sizes past w1280 (shared/media/image-sizes.ts).
    wideImageWidths: EMBEDDED_WIDE_WIDTHS,
    // A search's first page in one request instead of four to eight (docs/decisions.md, issue 17).
    wholeSearch: true,
  };
}
