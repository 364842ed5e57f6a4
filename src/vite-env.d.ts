/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_BRAND_NAME?: string;
  /** The embedded catalogue's api_key (must match the server's MARQUEE_CATALOGUE_API_KEY). */
  readonly VITE_CATALOGUE_API_KEY?: string;
  /** Set to read TMDB and embed YouTube instead of the embedded catalogue. */
  readonly VITE_TMDB_API_KEY?: string;
}
