// A step of `npm test` right after the production build: the default build (the embedded
// backend) must carry no Firebase or Stripe code. The hosted adapters are loaded by a dynamic
// import behind a build-time constant (src/services/services.ts), so the bundler drops them and
// every chunk they would pull in. Scans the shipped JavaScript, CSS and HTML (not the source
// maps, which quote whole source files, comments included).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = process.argv[2] ?? 'dist';
const MARKERS = /firebase|firestore|@stripe|stripe-js|js\.stripe\.com|identitytoolkit/i;

if ((process.env.VITE_BACKEND ?? '').trim() === 'firebase') {
  console.log('VITE_BACKEND=firebase: this build carries the hosted adapters on purpose; nothing to check.');
  process.exit(0);
}

const files = [
  join(dist, 'index.html'),
  ...readdirSync(join(dist, 'assets'))
    .filter((f) => /\.(js|mjs|css|html)$/.test(f))
    .map((f) => join(dist, 'assets', f)),
];
const offending = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const match = MARKERS.exec(text);
  if (match) offending.push(`${file}: …${text.slice(Math.max(0, match.index - 40), match.index + 40)}…`);
}
if (offending.length) {
  console.error(`The default build carries Firebase or Stripe code:\n${offending.join('\n')}`);
  process.exit(1);
}
console.log(`No Firebase or Stripe code in the default build (${files.length} files checked).`);
