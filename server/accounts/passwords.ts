import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

// Verifying against this when the e-mail is unknown makes a miss cost as long as a wrong
// password, so response times do not reveal which e-mails have accounts.
let decoyHash: Promise<string> | undefined;
export function verifyDecoy(password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  return decoyHash.then((h) => verify(h, password)).then(() => false);
}
