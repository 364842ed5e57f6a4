const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and quoted attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** A server-rendered page's own stylesheet and script (versioned URLs, cached for good). */
export interface PageAssets {
  css: string;
  js: string;
  /** The script is an ES module; these are the modules it imports, fetched alongside it. */
  modules?: string[];
}

const moduleScript = (src: string, imports: string[]) =>
  [
    ...imports.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    `<script type="module" src="${escapeHtml(src)}"></script>`,
  ].join('\n');

/**
 * The shell of the server's own small pages (the player, the checkout): no inline script or
 * style, so they live under a CSP without 'unsafe-inline'. `body` is HTML the caller escaped.
 */
export function htmlPage(
  assets: PageAssets,
  title: string,
  body: string,
  { referrer }: { referrer?: string } = {},
): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${referrer ? `<meta name="referrer" content="${escapeHtml(referrer)}">\n` : ''}<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${escapeHtml(assets.css)}">
${assets.modules ? moduleScript(assets.js, assets.modules) : `<script src="${escapeHtml(assets.js)}" defer></script>`}
</head>
<body>
${body}
</body>
</html>
`;
}
