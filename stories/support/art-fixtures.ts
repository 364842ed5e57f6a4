// Artwork for the browse stories: inline SVG data URIs, so stories need no network and no server.
import type { ImageSources } from '../../src/components/browse/image-sources';

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Greedy word wrap for SVG text, which does not wrap by itself. */
function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const dataUri = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function gradient(hue: number) {
  return (
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 70% 48%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360} 65% 10%)"/>` +
    `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`
  );
}

/** A 2:3 poster with the title set large, like a key-art poster. */
export function posterArt(title: string, hue: number): ImageSources {
  const lines = wrap(title.toUpperCase(), 12);
  const text = lines
    .map((line, index) => `<tspan x="171" dy="${index === 0 ? 0 : 40}">${escapeXml(line)}</tspan>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 342 513" width="342" height="513">${gradient(hue)}` +
    `<circle cx="250" cy="140" r="120" fill="rgba(255,255,255,0.12)"/>` +
    `<text x="171" y="${400 - (lines.length - 1) * 40}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" ` +
    `font-size="34" font-weight="700" fill="#fff">${text}</text></svg>`;
  return { src: dataUri(svg) };
}

/** A 16:9 backdrop: a scene of shapes with the title set on it, as the catalogue's art carries it. */
export function backdropArt(title: string, hue: number): ImageSources {
  const lines = wrap(title.toUpperCase(), 22);
  const text = lines
    .map((line, index) => `<tspan x="64" dy="${index === 0 ? 0 : 76}">${escapeXml(line)}</tspan>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" width="1280" height="720">${gradient(hue)}` +
    `<circle cx="980" cy="260" r="260" fill="rgba(255,255,255,0.10)"/>` +
    `<path d="M0 560 L320 400 L620 540 L900 380 L1280 560 L1280 720 L0 720 Z" fill="rgba(0,0,0,0.35)"/>` +
    `<text x="64" y="${640 - (lines.length - 1) * 76}" font-family="DejaVu Sans, sans-serif" font-size="68" ` +
    `font-weight="700" fill="#fff">${text}</text></svg>`;
  return { src: dataUri(svg) };
}

/** A tiny page standing in for the video host's embed page. */
export function trailerPage(title: string): string {
  const html =
    `<body style="margin:0;height:100vh;display:grid;place-items:center;background:#000;color:#fff;` +
    `font:700 24px sans-serif">&#9654; ${escapeXml(title)}</body>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}

const TITLES = [
  'The Salt Road',
  'Northern Quiet',
  'Paper Moons',
  'Glass Harbour',
  'A Winter in Lisbon',
  'Low Tide',
  'The Cartographers',
  'Kestrel',
  'Night Bus to Marseille',
  'Ember & Ash',
];

/** Row items with artwork of the given kind. */
export function rowItems(kind: 'poster' | 'backdrop', count = TITLES.length) {
  return TITLES.slice(0, count).map((title, index) => ({
    key: `title-${index + 1}`,
    title,
    image: kind === 'poster' ? posterArt(title, index * 36) : backdropArt(title, index * 36),
  }));
}

export const LONG_OVERVIEW =
  'A retired lighthouse keeper and her estranged grandson sail the length of the northern coast to ' +
  'scatter a stranger’s ashes, and find that every harbour along the way keeps one of the family’s ' +
  'secrets, some of them still very much alive.';

/**
 * A stand-in for the embed page with the IFrame API on (enablejsapi=1): it answers "listening" with
 * "playing", and, when `endsAfterMs` is given, reports the clip's end that long after. A blob URL,
 * so the frame shares the story's origin, as the embedded player shares the app's.
 */
export function previewPage(title: string, endsAfterMs?: number): string {
  const script =
    `addEventListener('message',function(e){var m;try{m=JSON.parse(e.data)}catch(_){return}` +
    `if(m.event!=='listening')return;var post=function(s){parent.postMessage(JSON.stringify({event:'onStateChange',info:s}),'*')};` +
    `post(1);${endsAfterMs === undefined ? '' : `setTimeout(function(){post(0)},${endsAfterMs});`}});`;
  const html =
    `<body style="margin:0;height:100vh;display:grid;place-items:center;background:#123;color:#fff;` +
    `font:700 24px sans-serif">&#9654; ${escapeXml(title)} preview<script>${script}</script></body>`;
  return URL.createObjectURL(new Blob([html], { type: 'text/html' }));
}
