/**
 * Takes away what the page showed before its script ran (the landing page, or a signed-in
 * visitor's top bar; scripts/vite-prerender-shells.ts) once the app renders its own: called in
 * a layout effect of the first screen, so the live page replaces it in the same frame, with
 * nothing shown twice or blank in between.
 */
export function removePrerenderedShell(): void {
  document.getElementById('prerendered-shell')?.remove();
}
