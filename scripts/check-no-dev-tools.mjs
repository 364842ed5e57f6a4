// A step of `npm test` after the production build: the development tools (src/dev: the machine
// chart drawer of `?inspect=chart`, Stately's inspector) must not ship. main.tsx loads them behind
// import.meta.env.DEV, so the bundler drops them; this checks that it did. Scans the shipped
// JavaScript and HTML (not the source maps).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = process.argv[2] ?? 'dist';
// The drawer's element id (src/components/dev/InspectorPanel.tsx) and the online inspector's package.
const MARKERS = /marquee-machine-inspector|@statelyai|statelyai\/inspect/;

const files = [
  join(dist, 'index.html'),
  ...readdirSync(join(dist, 'assets'))
    .filter((f) => /\.(js|mjs|html)$/.test(f))
    .map((f) => join(dist, 'assets', f)),
];
const offending = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const match = MARKERS.exec(text);
  if (match) offending.push(`${file}: …${text.slice(Math.max(0, match.index - 40), match.index + 40)}…`);
}
if (offending.length) {
  console.error(`The production build carries development tools:\n${offending.join('\n')}`);
  process.exit(1);
}
console.log(`No development tools in the production build (${files.length} files checked).`);
