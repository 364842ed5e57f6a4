// The size budgets, a step of `npm test` right after the production build: each
// route's first-load JavaScript and CSS, gzipped, must stay within its budget. The routes, what
// counts and the budgets are in scripts/route-sizes.mjs, shared with `npm run bench:web`.
import { formatRouteSizes, kb, routeSizes, staleSignedInChunks } from './route-sizes.mjs';

let sizes;
let stale;
try {
  sizes = routeSizes();
  stale = staleSignedInChunks();
} catch (error) {
  console.error(`Size budgets: ${error.message}`);
  process.exit(1);
}
if (stale.length) {
  console.error(
    `Size budgets: server/web/signed-in-chunks.json names chunks the build does not have: ${stale.join(', ')}.`,
  );
  process.exit(1);
}
console.log(formatRouteSizes(sizes));
const over = sizes.filter((s) => s.total > s.budget);
for (const s of over) {
  console.error(
    `\n${s.name} loads ${kb(s.total)} first, over its ${kb(s.budget)} budget by ${kb(s.total - s.budget)}. Largest files:`,
  );
  for (const f of [...s.files].sort((a, b) => b.gzip - a.gzip).slice(0, 5))
    console.error(`  ${kb(f.gzip).padStart(9)}  ${f.file}`);
}
console.log(
  over.length
    ? `\n${over.length} of ${sizes.length} routes over budget.`
    : `\nAll ${sizes.length} routes within budget.`,
);
process.exit(over.length ? 1 : 0);
