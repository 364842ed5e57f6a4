/**
 * An image as the screen resolved it. The screen builds TMDB-style `srcSet`/`sizes` from the
 * catalogue's image sizes; components only hand them to <img>, so they never know the image host.
 */
export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}
