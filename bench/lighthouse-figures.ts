// What bench:web (bench/web.ts) keeps of each Lighthouse report, and the version it ran.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type lighthouse from 'lighthouse';

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  failedA11y: string[];
  warnings: string[];
  /** Lighthouse's measure of the CPU it had (higher is faster; it swings when the machine is busy). */
  cpuIndex: number;
}

/** One run's figures: the scores out of 100, the metrics in ms, and what failed or warned. */
export function lighthouseFigures(lhr: Report): LighthouseFigures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    fcp: audit('first-contentful-paint'),
    failedA11y: (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title}`),
    warnings: lhr.runWarnings,
    cpuIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

export function lighthouseVersion(): string {
  return (JSON.parse(readFileSync(join('node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string })
    .version;
}
