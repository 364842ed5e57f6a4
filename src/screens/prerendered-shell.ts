/**
 * Takes away the landing page that the build rendered into index.html
 * (scripts/vite-prerender-landing.ts) once the app shows a page of its own: called in a layout
 * effect, so the live page replaces it in the same frame, with nothing shown twice or blank.
 */
export function removePrerenderedShell(): void {
  document.getElementById('landing-shell')?.remove();
}
