/**
 * Takes away what the page showed before its script ran (the landing page, or a signed-in
 * visitor's top bar, home's hero or the player; scripts/vite-prerender-shells.ts) once the app renders its own: called in
 * a layout effect of the first screen, so the live page replaces it in the same frame, with
 * nothing shown twice or blank in between.
 */
export function removePrerenderedShell(): void {
  removePrerenderedTopBar();
  removePrerenderedHero();
  removePrerenderedPlayer();
  removePrerenderedRow();
}

/** The id of the prerendered top bar, or landing page (src/screens/prerender-shells.tsx). */
const PRERENDERED_SHELL_ID = 'prerendered-shell';
/** The id of home's prerendered hero banner (src/screens/prerender-shells.tsx). */
export const PRERENDERED_HERO_ID = 'prerendered-hero';
/** The id of a section page's prerendered heading and first row (src/screens/prerender-shells.tsx). */
export const PRERENDERED_ROW_ID = 'prerendered-row';

/** Takes away the prerendered top bar only: the signed-in routes' own is there. */
export function removePrerenderedTopBar(): void {
  document.getElementById(PRERENDERED_SHELL_ID)?.remove();
}

/** Whether the page shows anything of its own before the app has rendered. */
export const hasPrerenderedPage = (): boolean =>
  [PRERENDERED_SHELL_ID, PRERENDERED_HERO_ID, PRERENDERED_PLAYER_ID, PRERENDERED_ROW_ID].some(
    (id) => document.getElementById(id) !== null,
  );

/**
 * Takes away home's prerendered hero banner: once the app's banner beneath it has its title (or
 * has none to show), or the page is not home after all.
 */
export function removePrerenderedHero(): void {
  document.getElementById(PRERENDERED_HERO_ID)?.remove();
}

/** The id of the player page's prerendered player (src/screens/watching/prerender-player.tsx). */
export const PRERENDERED_PLAYER_ID = 'prerendered-player';

/** Takes away the player page's prerendered player: once the app's player has its programme, or is gone. */
export function removePrerenderedPlayer(): void {
  document.getElementById(PRERENDERED_PLAYER_ID)?.remove();
}

/**
 * Takes away a section page's prerendered heading and first row (src/screens/prerender-shells.tsx):
 * once the app's first row beneath it has its titles (or has none to show), or the page is not
 * that section page after all.
 */
export function removePrerenderedRow(): void {
  document.getElementById(PRERENDERED_ROW_ID)?.remove();
}
