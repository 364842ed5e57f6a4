/**
 * What a machine's default actor does when a screen, story or test forgot to provide the real
 * one: fail with a message naming the machine and the implementation, so the gap shows at once.
 */
export function notProvided(machine: string, name: string): never {
  throw new Error(`The ${machine} machine's "${name}" implementation was not provided`);
}
