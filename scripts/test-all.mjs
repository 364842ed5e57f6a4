// `npm test`: every check in order, then one summary line of passed and failed counts.
// Exits non-zero when anything failed. Each runner writes JSON results to .test-results/.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { run } from './run.mjs';

const RESULTS = '.test-results';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

/** Counts from Vitest's and Jest's JSON reporters (same field names). */
const jestCounts = (file) => {
  const json = readJson(file);
  return json && { passed: json.numPassedTests, failed: json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0) };
};

/** Counts from Playwright's JSON reporter. */
const playwrightCounts = (file) => {
  const stats = readJson(file)?.stats;
  return stats && { passed: stats.expected + stats.flaky, failed: stats.unexpected };
};

const steps = [
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: ['npx', 'eslint', '.'] },
  { name: 'format', command: ['npx', 'prettier', '--check', '.'] },
  {
    name: 'unit and server tests',
    command: [
      'npx',
      'vitest',
      'run',
      '--project',
      'client',
      '--project',
      'server',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(RESULTS, 'vitest.json')}`,
    ],
    counts: () => jestCounts(join(RESULTS, 'vitest.json')),
  },
  // The port contract suites against the embedded server and the Firebase emulators. The Auth
  // emulator comes from firebase-tools, installed once into a cache folder (not node_modules).
  { name: 'firebase-tools cache', command: ['node', 'scripts/ensure-firebase-tools.mjs'] },
  {
    name: 'contract tests',
    command: [
      'npx',
      'vitest',
      'run',
      '--project',
      'contract',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(RESULTS, 'contract.json')}`,
    ],
    counts: () => jestCounts(join(RESULTS, 'contract.json')),
  },
  {
    name: 'stories',
    command: ['node', 'scripts/test-stories.mjs', join(RESULTS, 'stories.json')],
    counts: () => jestCounts(join(RESULTS, 'stories.json')),
  },
  { name: 'production build', command: ['node', 'scripts/build-if-stale.mjs'] },
  { name: 'no hosted code in build', command: ['node', 'scripts/check-no-hosted-code.mjs'] },
  { name: 'no dev tools in build', command: ['node', 'scripts/check-no-dev-tools.mjs'] },
  { name: 'size budgets', command: ['node', 'scripts/check-budgets.mjs'] },
  {
    name: 'end-to-end',
    command: ['npx', 'playwright', 'test'],
    env: { E2E_JSON_OUTPUT: join(RESULTS, 'e2e.json') },
    counts: () => playwrightCounts(join(RESULTS, 'e2e.json')),
  },
];

const report = [];
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  const code = await run(step.command[0], step.command.slice(1), { env: { ...process.env, ...step.env } });
  const counts = step.counts?.() ?? { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
  // A runner that crashed before reporting, or exited non-zero with all tests passing, still fails.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  report.push({ name: step.name, ...counts, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n━━ summary ━━');
for (const { name, passed, failed, seconds } of report) {
  console.log(
    `${failed ? '✗' : '✓'} ${name.padEnd(22)} ${String(passed).padStart(4)} passed ${String(failed).padStart(3)} failed  (${seconds}s)`,
  );
}
const passed = report.reduce((sum, step) => sum + step.passed, 0);
const failed = report.reduce((sum, step) => sum + step.failed, 0);
console.log(`\nSummary: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
