/** A bench setting from the environment: a positive whole number, or the fallback when unset. */
export function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive whole number, got "${raw}".`);
    process.exit(1);
  }
  return value;
}
