// `npm test`: every check, then a timing line per stage and one summary line of passed and
// failed counts. Exits non-zero when anything failed. Each runner writes JSON results to
// .test-results/. Stages in one phase run at once: each of them leaves a core idle on its own
// (tsc, ESLint and Prettier are single-threaded; the contract suites mostly wait on emulators),
// so on 2 cores a phase takes about as long as its longest stage.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
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

const vitest = (project, file) => [
  'npx',
  'vitest',
  'run',
  ...project.flatMap((name) => ['--project', name]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(RESULTS, file)}`,
];

/** Each inner array is a phase; the stages of a phase run at once, the phases one after another. */
const phases = [
  [
    { name: 'typecheck', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
    { name: 'lint', command: ['npx', 'eslint', '.'] },
    { name: 'format', command: ['npx', 'prettier', '--check', '.'] },
  ],
  [
    {
      name: 'unit and server tests',
      command: vitest(['client', 'server', 'server-isolated'], 'vitest.json'),
      counts: () => jestCounts(join(RESULTS, 'vitest.json')),
    },
  ],
  [
    // The port contract suites against the embedded server and the Firebase emulators. The Auth
    // emulator comes from firebase-tools, installed once into a cache folder (not node_modules).
    {
      name: 'contract tests',
      command: [
        'sh',
        '-c',
        `node scripts/ensure-firebase-tools.mjs && ${vitest(['contract'], 'contract.json').join(' ')}`,
      ],
      counts: () => jestCounts(join(RESULTS, 'contract.json')),
    },
    { name: 'production build', command: ['node', 'scripts/build-if-stale.mjs'] },
    { name: 'storybook build', command: ['node', 'scripts/test-stories.mjs', '--build-only'] },
  ],
  [
    { name: 'no hosted code in build', command: ['node', 'scripts/check-no-hosted-code.mjs'] },
    { name: 'no dev tools in build', command: ['node', 'scripts/check-no-dev-tools.mjs'] },
    { name: 'size budgets', command: ['node', 'scripts/check-budgets.mjs'] },
  ],
  [
    {
      name: 'stories',
      command: ['node', 'scripts/test-stories.mjs', '--no-build', join(RESULTS, 'stories.json')],
      counts: () => jestCounts(join(RESULTS, 'stories.json')),
    },
  ],
  [
    {
      name: 'end-to-end',
      command: ['npx', 'playwright', 'test'],
      env: { E2E_JSON_OUTPUT: join(RESULTS, 'e2e.json') },
      counts: () => playwrightCounts(join(RESULTS, 'e2e.json')),
    },
  ],
];

/**
 * The machine's CPU time so far, busy and total, from Linux's /proc/stat (null elsewhere): a
 * phase's share of busy time says whether its stages were short of CPU or waiting on something.
 */
function cpuTimes() {
  if (!existsSync('/proc/stat')) return null;
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  // idle and iowait are the CPU's idle time; steal, time the VM's host gave elsewhere.
  return { busy: total - fields[3] - fields[4] - (fields[7] ?? 0), total };
}

/** Runs one stage; alone it streams its output, beside others it prints it whole when done. */
async function runStage(step, alone) {
  const started = Date.now();
  const output = [];
  const options = { env: { ...process.env, ...step.env } };
  if (!alone) options.stdio = ['ignore', 'pipe', 'pipe'];
  const code = await run(step.command[0], step.command.slice(1), options, (chunk) => output.push(chunk));
  if (!alone) {
    console.log(`\n━━ ${step.name} ━━`);
    process.stdout.write(Buffer.concat(output));
  }
  const counts = step.counts?.() ?? { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
  // A runner that crashed before reporting, or exited non-zero with all tests passing, still fails.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return { name: step.name, ...counts, seconds: Math.round((Date.now() - started) / 1000) };
}

const report = [];
const phaseCpu = new Map();
const startedAll = Date.now();
for (const phase of phases) {
  const alone = phase.length === 1;
  if (alone) console.log(`\n━━ ${phase[0].name} ━━`);
  else console.log(`\n━━ at once: ${phase.map((step) => step.name).join(', ')} ━━`);
  const before = cpuTimes();
  const stages = await Promise.all(phase.map((step) => runStage(step, alone)));
  const after = cpuTimes();
  if (before && after && after.total > before.total) {
    phaseCpu.set(stages[0].name, Math.round((100 * (after.busy - before.busy)) / (after.total - before.total)));
  }
  report.push(...stages);
}

console.log(`\n━━ summary ━━ (CPU: the machine's ${cpus().length} cores, busy share over each phase)`);
for (const { name, passed, failed, seconds } of report) {
  const cpu = phaseCpu.has(name) ? `  CPU ${phaseCpu.get(name)}%` : '';
  console.log(
    `${failed ? '✗' : '✓'} ${name.padEnd(24)} ${String(passed).padStart(4)} passed ${String(failed).padStart(3)} failed  (${seconds}s)${cpu}`,
  );
}
const passed = report.reduce((sum, step) => sum + step.passed, 0);
const failed = report.reduce((sum, step) => sum + step.failed, 0);
console.log(`\nTotal time: ${Math.round((Date.now() - startedAll) / 1000)}s`);
console.log(`Summary: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
