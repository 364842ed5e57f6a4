/**
 * Crash recovery: the real server (`node --import tsx server/main.ts`, as `npm start` runs it:
 * a cluster of two workers over one database, MARQUEE_WORKERS=2, or one process with
 * CRASH_TEST_WORKERS=1) is killed with SIGKILL in the middle of a stream of profile writes and
 * payments, and checked through its API and then its database file. Every other cycle kills one
 * worker only (the primary replaces it, and the other worker goes on serving); the others kill
 * every process at once, and the server is started again on the same data folder.
 *
 * Each of four accounts has two writers, all running at once: one adds, renames, deletes and
 * selects profiles (within the limit of five), the other goes through checkouts (request a
 * session, wait for its sessionId, pay it with 4242 4242 4242 4242 as the hosted page does,
 * sometimes after a declined card, sometimes abandoning it, then another plan). A few catalogue
 * readers keep the server busy alongside. Every 2xx answer is checked against, then applied to,
 * a model of what the server has promised. Each of four cycles kills the server at another point
 * — after a seeded number of acknowledged writes, right after a checkout request or a payment is
 * acknowledged, or after a seeded time — while the other writers' requests
 * are in flight, so each writer has at most one write whose outcome it does not know (every
 * other cycle also forgets answers that arrive after the kill, so that some of those unknown
 * writes were in fact committed). Then it starts the server again on the same data folder:
 *
 * - each account's profiles are exactly the model, or the model with that one unknown write
 *   applied whole (never half: a deleted active profile hands "active" to the oldest one in the
 *   same write);
 * - every acknowledged checkout request has its sessionId or its error (one left unprocessed by
 *   the crash is processed at start, not left as a spinner forever), every acknowledged payment
 *   shows its session complete, no other session is, and the subscription is the last paid plan
 *   (or the one whose payment was in flight, if that session reads complete);
 * - in the database: no request still pending, each subscription paid for by the completed
 *   session that names it, every complete session with its payment, `PRAGMA integrity_check`
 *   "ok" and `PRAGMA foreign_key_check` empty — live after each restart, and once more on the
 *   file itself after a graceful stop.
 *
 * What this proves: SQLite in WAL mode with synchronous=NORMAL (server/plugins/database.ts)
 * keeps every transaction committed before the process dies, because a commit is written to the
 * WAL file (the OS page cache) before better-sqlite3 returns; the server answers only after
 * its write has committed, each write is one transaction, and work scheduled after an answer
 * (a checkout request's processing) is picked up again at start.
 *
 * What it does not prove: durability across power loss or an OS crash. synchronous=NORMAL does
 * not fsync the WAL at each commit, so such a crash may lose the last acknowledged writes
 * (never corrupting the file); only synchronous=FULL would keep them, and only a real power cut
 * (or a fault-injecting file system) could test it. Nor does it cover a full disk, a crash during
 * a migration or the first catalogue load, or where exactly the kill lands: the kill is timed
 * from outside, so a given cycle may or may not catch a request between its insert and its
 * processing (tests/server/checkout-sessions.test.ts covers that state directly).
 *
 * Deterministic by design: the writers' choices and the kill points are seeded (set
 * CRASH_TEST_SEED to explore others), and where a kill lands only chooses between outcomes the
 * checks accept. No assertion depends on timing; waits are bounded and generous.
 */
import { join } from 'node:path';

import BetterSqlite3, { type Database } from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

import type { Profile } from '../../shared/profiles/profile.schema.ts';
import { MAX_PROFILES } from '../../shared/profiles/profile-rules.ts';
import { MarqueeServer } from '../e2e/support/marquee-server.ts';
import { call as callOnce, type CallOptions, type Reply, sessionTokenOf } from './support/http-call.ts';

const SEED = Number(process.env.CRASH_TEST_SEED ?? 20_250_731);
const WORKERS = Number(process.env.CRASH_TEST_WORKERS ?? 2);
const ACCOUNTS = 4;
const BROWSERS = 6;
/** However the kill is planned, a cycle's writers run no longer than this before it. */
const MAX_CYCLE_MS = 15_000;
/** Generous bound for a checkout request's processing (normally the same event-loop turn). */
const PROCESSING_WAIT_MS = 20_000;
/** How long a request may wait for its answer (generous: a loaded machine is slow, but not this slow). */
const ANSWER_TIMEOUT_MS = 60_000;
/**
 * How long a request in flight at the kill is waited for. One the primary was handing to a
 * killed worker is never answered nor closed (node:cluster drops the handle), and would otherwise
 * hold its cycle for ANSWER_TIMEOUT_MS; a served one is answered in milliseconds.
 */
const ABANDON_AFTER_KILL_MS = 10_000;
/** What a cycle kills: one worker of the cluster, or every process of the server. */
type KillTarget = 'worker' | 'server';

const PLANS = [
  { price: 'price_1MqBasicMonthlyGbp', product: 'prod_MqBasicPlan01', role: 'basic' },
  { price: 'price_1MqStandardMonthlyGbp', product: 'prod_MqStandardPlan01', role: 'standard' },
  { price: 'price_1MqPremiumMonthlyGbp', product: 'prod_MqPremiumPlan01', role: 'premium' },
] as const;
/** Its product is retired: a request for it is answered with an error, never a session. */
const RETIRED_PRICE = 'price_1MqStandardAdsGbp';
const GOOD_CARD = { number: '4242424242424242', expiry: '12 / 34', cvc: '123', name: 'Ann Example' };
const DECLINED_CARD = { ...GOOD_CARD, number: '4000000000000002' };

/** How each cycle's kill is timed: on the `after`-th acknowledgement of `on` (of any write for 'any-write'), or after `after` ms. */
type KillPlan = { on: 'any-write' | 'checkout-request' | 'payment'; after: number } | { on: 'time'; after: number };

/** mulberry32: a small seeded PRNG, so that a run can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
type Random = ReturnType<typeof seeded>;

// ---------------------------------------------------------------------------------------------
// HTTP: a new connection per request (no pooled socket outlives a crash), JSON in and out, the
// session cookie, and an Origin equal to the server's own on writes, as a browser sends.

// A request with no answer (given up on, ABANDON_AFTER_KILL_MS) has an unknown write.
const call = (base: string, method: string, path: string, options: CallOptions = {}) =>
  callOnce(base, method, path, { timeoutMs: ANSWER_TIMEOUT_MS, ...options });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The model: what the server has acknowledged, per account.

type ProfileWrite =
  | { kind: 'add'; name: string }
  | { kind: 'rename'; id: string; name: string }
  | { kind: 'remove'; id: string }
  | { kind: 'select'; id: string };

/** The profiles after `write`, as the server's rules make them (the list is oldest first). */
function applyProfileWrite(profiles: Profile[], write: ProfileWrite, newId = ''): Profile[] {
  switch (write.kind) {
    case 'add':
      return [...profiles, { id: newId, name: write.name.trim(), activeProfile: profiles.length === 0 }];
    case 'rename':
      return profiles.map((profile) => (profile.id === write.id ? { ...profile, name: write.name.trim() } : profile));
    case 'remove': {
      const removed = profiles.find((profile) => profile.id === write.id)!;
      const rest = profiles.filter((profile) => profile.id !== write.id);
      // Whenever any profile is left, one is active: the oldest takes over.
      if (removed.activeProfile && rest.length > 0) rest[0] = { ...rest[0]!, activeProfile: true };
      return rest;
    }
    case 'select':
      return profiles.map((profile) => ({ ...profile, activeProfile: profile.id === write.id }));
  }
}

interface KnownSession {
  id: string;
  price: string;
  /** False for a retired plan's price: its request is answered with an error. */
  valid: boolean;
  sessionId?: string;
  /** Its payment was acknowledged. */
  paid: boolean;
  /** Open when another session of the customer's was paid, so expired by it (one payable checkout). */
  expired?: boolean;
}

/** A payment expires the customer's other sessions that were open (processed, unpaid) at the time. */
function expireOthers(sessions: Map<string, KnownSession>, paidId: string) {
  for (const other of sessions.values()) {
    if (other.id !== paidId && other.valid && !other.paid && other.sessionId) other.expired = true;
  }
}

type CheckoutWrite = { kind: 'request'; price: string } | { kind: 'pay'; id: string };

interface Account {
  index: number;
  email: string;
  uid: string;
  token: string;
  profiles: Profile[];
  names: number;
  sessions: Map<string, KnownSession>;
  /** The price of the last acknowledged payment. */
  subscribedPrice: string | null;
  /** The write each writer had in flight when the server died, if any. */
  unknownProfileWrite: ProfileWrite | null;
  unknownCheckoutWrite: CheckoutWrite | null;
}

interface CycleStats {
  plan: KillPlan;
  target: KillTarget;
  acknowledged: number;
  killedAsPlanned: boolean;
  unknownOutcomes: number;
  appliedUnknowns: number;
}

/** One run of the writers against a live server, until it is killed. */
class Cycle {
  killed = false;
  /** Whether the kill came at the planned point, not at MAX_CYCLE_MS or after the writers. */
  killedAsPlanned = false;
  acknowledged = 0;
  crashed: Promise<void> = Promise.resolve();

  /**
   * @param forgetLateAnswers whether an answer that arrives after the kill was sent counts as
   *   lost (as for a client whose connection dropped too): its write is then one whose outcome
   *   the writer does not know, though the server did commit it. Otherwise it is acknowledged.
   */
  constructor(
    private readonly server: MarqueeServer,
    private readonly plan: KillPlan,
    private readonly forgetLateAnswers: boolean,
    private readonly target: KillTarget,
  ) {}

  /** Aborted ABANDON_AFTER_KILL_MS after the kill: what is still unanswered then is given up. */
  private readonly abandon = new AbortController();

  /** The answer to a request, or null when none came (or it came late and is forgotten) because of the kill. */
  async send(request: (signal: AbortSignal) => Promise<Reply>): Promise<Reply | null> {
    try {
      const reply = await request(this.abandon.signal);
      return this.killed && this.forgetLateAnswers ? null : reply;
    } catch (error) {
      if (!this.killed) throw error;
      return null;
    }
  }

  /** Acknowledged writes of the kind the plan counts. */
  private counted = 0;

  ack(kind: 'profile' | 'checkout-request' | 'payment') {
    this.acknowledged++;
    if (this.killed || this.plan.on === 'time') return;
    if (this.plan.on !== 'any-write' && this.plan.on !== kind) return;
    if (++this.counted >= this.plan.after) this.kill(true);
  }

  kill(asPlanned = false) {
    if (this.killed) return;
    this.killed = true;
    this.killedAsPlanned = asPlanned;
    setTimeout(() => this.abandon.abort(), ABANDON_AFTER_KILL_MS).unref();
    // SIGKILL goes out now, synchronously; the other writers' requests are still in flight.
    this.crashed = this.target === 'worker' ? this.server.crashWorker().then(() => {}) : this.server.crash();
  }
}

// ---------------------------------------------------------------------------------------------
// The writers.

function nextProfileWrite(account: Account, random: Random): ProfileWrite {
  const { profiles } = account;
  const name = () => {
    const n = account.names++;
    // Some with spaces around (stored trimmed) and characters beyond ASCII.
    return n % 3 === 0 ? `  Zoë ${account.index}·${n} 🎬 ` : `Viewer ${account.index}-${n}`;
  };
  const roll = random.next();
  if (profiles.length === 0 || (profiles.length < MAX_PROFILES && roll < 0.35)) return { kind: 'add', name: name() };
  const id = random.pick(profiles).id;
  if (roll < 0.6) return { kind: 'rename', id, name: name() };
  if (roll < 0.8) return { kind: 'remove', id };
  return { kind: 'select', id };
}

async function profileWriter(base: string, account: Account, cycle: Cycle, random: Random) {
  const path = `/api/documents/customers/${account.uid}/profiles`;
  while (!cycle.killed) {
    const write = nextProfileWrite(account, random);
    const token = account.token;
    const reply = await cycle.send((signal) => {
      if (write.kind === 'add') return call(base, 'POST', path, { token, signal, body: { name: write.name } });
      if (write.kind === 'rename')
        return call(base, 'PATCH', `${path}/${write.id}`, { token, signal, body: { name: write.name } });
      if (write.kind === 'remove') return call(base, 'DELETE', `${path}/${write.id}`, { token, signal });
      return call(base, 'POST', `${path}/${write.id}/select`, { token, signal });
    });
    if (!reply) {
      account.unknownProfileWrite = write;
      return;
    }
    const context = `${account.email}: ${JSON.stringify(write)} → ${reply.status} ${JSON.stringify(reply.body)}`;
    expect(reply.status, context).toBe(write.kind === 'add' ? 201 : 200);
    const newId = write.kind === 'add' ? (reply.body.profile?.id as string) : undefined;
    if (newId !== undefined) expect(newId, context).toMatch(/^[a-z0-9]{12}$/);
    const expected = applyProfileWrite(account.profiles, write, newId);
    expect(reply.body.profiles, context).toEqual(expected);
    account.profiles = expected;
    cycle.ack('profile');
  }
}

async function checkoutWriter(base: string, account: Account, cycle: Cycle, random: Random) {
  const sessionsPath = `/api/documents/customers/${account.uid}/checkout_sessions`;
  const token = account.token;
  while (!cycle.killed) {
    // A dearer plan than the current one (a cheaper one is a downgrade at renewal, not a payment;
    // PLANS is cheapest first); now and then a retired one, which is answered with an error.
    const dearer = PLANS.slice(PLANS.findIndex((plan) => plan.price === account.subscribedPrice) + 1);
    // At the top plan, a retired plan's request is the one left to make: still a checkout request
    // (so a cycle planned to kill on one finds it), though nothing can be paid.
    const valid = dearer.length > 0 && random.next() >= 0.1;
    const price = valid ? random.pick(dearer).price : RETIRED_PRICE;
    let reply = await cycle.send((signal) =>
      call(base, 'POST', sessionsPath, {
        token,
        signal,
        body: { price, success_url: `${base}/account`, cancel_url: `${base}/change-plan` },
      }),
    );
    if (!reply) {
      account.unknownCheckoutWrite = { kind: 'request', price };
      return;
    }
    expect(reply.status, `${account.email}: checkout request → ${JSON.stringify(reply.body)}`).toBe(201);
    const known: KnownSession = { id: reply.body.id, price, valid, paid: false };
    account.sessions.set(known.id, known);
    cycle.ack('checkout-request');

    // Wait for its sessionId (or error), as the client does. Reads only: nothing unknown if cut off.
    const deadline = Date.now() + PROCESSING_WAIT_MS;
    let document: { sessionId?: string; error?: { message: string } };
    for (;;) {
      if (cycle.killed) return;
      reply = await cycle.send((signal) => call(base, 'GET', `${sessionsPath}/${known.id}`, { token, signal }));
      if (!reply) return;
      expect(reply.status).toBe(200);
      document = reply.body.session;
      if (document.sessionId || document.error) break;
      if (Date.now() > deadline) throw new Error(`${account.email}: checkout session ${known.id} was never processed`);
      await sleep(5);
    }
    if (!valid) {
      expect(document.error?.message).toMatch(/no longer offered/);
      continue;
    }
    expect(document.error).toBeUndefined();
    known.sessionId = document.sessionId!;

    // Some customers leave without paying; the session stays open.
    if (random.next() < 0.15) continue;
    const payPath = `/checkout/${known.sessionId}/pay`;
    if (random.next() < 0.25) {
      // A declined card first: a 402 that promises nothing changed (so never an unknown write).
      reply = await cycle.send((signal) => call(base, 'POST', payPath, { token, signal, body: DECLINED_CARD }));
      if (!reply) return;
      expect(reply.status).toBe(402);
      expect(reply.body.error.code).toBe('card_declined');
      if (cycle.killed) return;
    }
    reply = await cycle.send((signal) => call(base, 'POST', payPath, { token, signal, body: GOOD_CARD }));
    if (!reply) {
      account.unknownCheckoutWrite = { kind: 'pay', id: known.id };
      return;
    }
    expect(reply.status, `${account.email}: pay → ${JSON.stringify(reply.body)}`).toBe(200);
    expect(reply.body).toEqual({ redirect: `${base}/account` });
    known.paid = true;
    expireOthers(account.sessions, known.id);
    account.subscribedPrice = price;
    cycle.ack('payment');
  }
}

/**
 * Somebody browsing at the same time: catalogue reads that keep the server's event loop busy,
 * so that a kill is more likely to land while acknowledged work is still queued behind them
 * (a checkout request stored and answered, its processing not yet run).
 */
async function browser(base: string, cycle: Cycle, random: Random) {
  const words = ['the', 'star', 'night', 'love', 'man', 'world', 'dark', 'a', 'b', 'c'];
  while (!cycle.killed) {
    const path =
      random.next() < 0.5
        ? `/tmdb/3/search/multi?api_key=marquee-local-key&query=${random.pick(words)}`
        : `/tmdb/3/trending/all/week?api_key=marquee-local-key&page=${random.int(1, 5)}`;
    const reply = await cycle.send((signal) => call(base, 'GET', path, { signal }));
    if (!reply) return;
    expect(reply.status, path).toBe(200);
  }
}

// ---------------------------------------------------------------------------------------------
// The checks.

function openDb(dataDir: string, readonly: boolean): Database {
  return new BetterSqlite3(join(dataDir, 'marquee.db'), { readonly, fileMustExist: true, timeout: 10_000 });
}

/** What must hold of the whole database whatever was acknowledged: nothing half-written, nothing left pending. */
function checkDatabase(db: Database) {
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(db.pragma('foreign_key_check')).toEqual([]);
  // A request either processed (a session or an error) or not yet: none is left waiting.
  expect(
    db.prepare('SELECT uid, id FROM checkout_sessions WHERE session_id IS NULL AND error_message IS NULL').all(),
    'checkout requests never processed: their customers would wait forever',
  ).toEqual([]);
  // A complete session carries its payment.
  expect(
    db
      .prepare(
        `SELECT id FROM checkout_sessions WHERE status = 'complete' AND (session_id IS NULL OR completed_at IS NULL
           OR subscription_id IS NULL OR card_brand IS NOT 'visa' OR card_last4 IS NOT '4242')`,
      )
      .all(),
  ).toEqual([]);
  // Every subscription was paid for by a completed session of its plan that names it ...
  expect(
    db
      .prepare(
        `SELECT uid FROM subscriptions s WHERE NOT EXISTS (
           SELECT 1 FROM checkout_sessions c
           WHERE c.uid = s.uid AND c.subscription_id = s.id AND c.status = 'complete' AND c.price = s.price_id)`,
      )
      .all(),
  ).toEqual([]);
  // ... and each customer's latest completed session names the customer's subscription.
  expect(
    db
      .prepare(
        `SELECT c.uid FROM checkout_sessions c
         WHERE c.status = 'complete' AND c.rowid = (
           SELECT rowid FROM checkout_sessions WHERE uid = c.uid AND status = 'complete'
           ORDER BY completed_at DESC, rowid DESC LIMIT 1)
         AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.uid = c.uid AND s.id = c.subscription_id)`,
      )
      .all(),
  ).toEqual([]);
  // Profiles: at most five per account, exactly one of them active.
  expect(db.prepare('SELECT uid FROM profiles GROUP BY uid HAVING count(*) > 5 OR sum(active) <> 1').all()).toEqual([]);
}

/** Waits (bounded) until the restarted server has processed every request left pending. */
async function waitForNoPending(dataDir: string) {
  const deadline = Date.now() + PROCESSING_WAIT_MS;
  for (;;) {
    const db = openDb(dataDir, true);
    try {
      const pending = db
        .prepare<[], number>(
          'SELECT count(*) FROM checkout_sessions WHERE session_id IS NULL AND error_message IS NULL',
        )
        .pluck()
        .get()!;
      if (pending === 0 || Date.now() > deadline) return;
    } finally {
      db.close();
    }
    await sleep(50);
  }
}

function checkProfileShapes(account: Account, profiles: Profile[]) {
  expect(profiles.length, account.email).toBeLessThanOrEqual(MAX_PROFILES);
  for (const profile of profiles) {
    expect(Object.keys(profile).sort()).toEqual(['activeProfile', 'id', 'name']);
    expect(profile.id).toMatch(/^[a-z0-9]{12}$/);
    expect(profile.name).toMatch(/^\S(.*\S)?$/u);
    expect(typeof profile.activeProfile).toBe('boolean');
  }
  if (profiles.length > 0)
    expect(
      profiles.filter((profile) => profile.activeProfile),
      account.email,
    ).toHaveLength(1);
}

/** After a restart: the account as the server shows it is what it acknowledged, give or take each writer's one unknown write. */
async function verifyAccount(base: string, db: Database, account: Account, stats: CycleStats) {
  const token = account.token;

  // Profiles: the model, or the model with the unknown write applied whole.
  const listed = await call(base, 'GET', `/api/documents/customers/${account.uid}/profiles`, { token });
  expect(listed.status).toBe(200);
  const actual = listed.body.profiles as Profile[];
  checkProfileShapes(account, actual);
  const write = account.unknownProfileWrite;
  const candidates = [account.profiles];
  if (write) {
    const newId = actual.find((profile) => !account.profiles.some((known) => known.id === profile.id))?.id;
    candidates.push(applyProfileWrite(account.profiles, write, newId ?? '(none)'));
  }
  expect(
    candidates,
    `${account.email}'s profiles after the restart (unknown write: ${JSON.stringify(write)})`,
  ).toContainEqual(actual);
  if (write) {
    stats.unknownOutcomes++;
    // (A select of the profile already active, or a rename to the same name, looks the same either way.)
    if (JSON.stringify(actual) !== JSON.stringify(account.profiles)) stats.appliedUnknowns++;
  }
  account.profiles = actual;
  account.unknownProfileWrite = null;

  // A request whose answer never came may be stored (under an id the writer never learnt) or not.
  const unknown = account.unknownCheckoutWrite;
  const rows = db
    .prepare<[string], { id: string; price: string }>('SELECT id, price FROM checkout_sessions WHERE uid = ?')
    .all(account.uid);
  const strangers = rows.filter((row) => !account.sessions.has(row.id));
  if (unknown?.kind === 'request') {
    stats.unknownOutcomes++;
    expect(strangers.length).toBeLessThanOrEqual(1);
    for (const row of strangers) {
      expect(row.price).toBe(unknown.price);
      account.sessions.set(row.id, { id: row.id, price: row.price, valid: row.price !== RETIRED_PRICE, paid: false });
      stats.appliedUnknowns++;
    }
  } else {
    expect(strangers, `${account.email}: checkout requests nobody made`).toEqual([]);
  }
  const lost = [...account.sessions.keys()].filter((id) => !rows.some((row) => row.id === id));
  expect(lost, `${account.email}: acknowledged checkout requests lost in the crash`).toEqual([]);

  // Every acknowledged request has its session (or error); exactly the paid ones are complete.
  const sessionsPath = `/api/documents/customers/${account.uid}/checkout_sessions`;
  const unknownPayment = unknown?.kind === 'pay' ? unknown.id : null;
  if (unknownPayment) stats.unknownOutcomes++;
  // Unpaid sessions are open, unless a payment expired them; an unknown payment that went through
  // expires the ones open before it, so they are checked once its outcome is known.
  const unpaid: Array<{ known: KnownSession; status: string | undefined; context: string }> = [];
  let unknownApplied = false;
  for (const known of account.sessions.values()) {
    const reply = await call(base, 'GET', `${sessionsPath}/${known.id}`, { token });
    expect(reply.status, `${account.email}: session ${known.id}`).toBe(200);
    const document = reply.body.session;
    const context = `${account.email}: ${JSON.stringify(known)} reads ${JSON.stringify(document)}`;
    expect(document, context).toMatchObject({
      id: known.id,
      price: known.price,
      success_url: `${base}/account`,
      cancel_url: `${base}/change-plan`,
    });
    if (!known.valid) {
      expect(document.error?.message, context).toMatch(/no longer offered/);
      expect(document.sessionId, context).toBeUndefined();
      continue;
    }
    expect(document.error, context).toBeUndefined();
    expect(document.sessionId, context).toMatch(/^cs_test_/);
    expect(document.url, context).toBe(`${base}/checkout/${document.sessionId}`);
    expect(document.expires_at?.seconds, context).toBeGreaterThan(document.created.seconds);
    if (known.sessionId) expect(document.sessionId, context).toBe(known.sessionId);
    known.sessionId = document.sessionId;
    if (known.paid) {
      expect(document.status, context).toBe('complete');
    } else if (known.id === unknownPayment) {
      expect(['open', 'complete'], context).toContain(document.status);
      if (document.status === 'complete') {
        known.paid = true;
        account.subscribedPrice = known.price;
        stats.appliedUnknowns++;
        unknownApplied = true;
      }
    } else if (known.expired) {
      expect(document.status, context).toBe('expired');
    } else {
      unpaid.push({ known, status: document.status, context });
    }
  }
  if (unknownApplied) expireOthers(account.sessions, unknownPayment!);
  for (const { known, status, context } of unpaid) {
    expect(status, context).toBe(known.expired ? 'expired' : 'open');
  }
  account.unknownCheckoutWrite = null;

  // The subscription is the last paid plan, whole.
  const listedSubscriptions = await call(base, 'GET', `/api/documents/customers/${account.uid}/subscriptions`, {
    token,
  });
  expect(listedSubscriptions.status).toBe(200);
  const subscriptions = listedSubscriptions.body.subscriptions;
  const plan = PLANS.find((candidate) => candidate.price === account.subscribedPrice);
  if (!plan) {
    expect(subscriptions, account.email).toEqual([]);
  } else {
    expect(subscriptions, account.email).toHaveLength(1);
    const [subscription] = subscriptions;
    expect(subscription, account.email).toMatchObject({
      price: plan.price,
      product: plan.product,
      role: plan.role,
      status: 'active',
      quantity: 1,
      cancel_at_period_end: false,
    });
    expect(subscription.id).toMatch(/^sub_/);
    expect(subscription.current_period_end.seconds).toBeGreaterThan(subscription.current_period_start.seconds);
  }
}

// ---------------------------------------------------------------------------------------------

describe(`kill -9 in the middle of profile writes and payments (seed ${SEED}, ${WORKERS} workers)`, () => {
  // A stream of writes far faster than a person's: the write limits are raised, not the subject here.
  const server = new MarqueeServer({
    workers: WORKERS,
    env: { MARQUEE_WRITES_PER_SESSION: '100000', MARQUEE_WRITES_PER_ADDRESS: '100000' },
  });

  afterAll(async () => {
    await server.dispose();
  }, 30_000);

  it('keeps every acknowledged write, shows nothing half-written, and leaves an intact database', async () => {
    const plans = seeded(SEED);
    // Payments first, while every account has a dearer plan to pay for: each pays at least once
    // on its way to the top plan, after which no payment is left to kill on.
    const kills: KillPlan[] = [
      { on: 'payment', after: plans.int(1, ACCOUNTS) },
      { on: 'checkout-request', after: plans.int(3, 30) },
      { on: 'any-write', after: plans.int(20, 120) },
      { on: 'time', after: plans.int(200, 1500) },
    ];

    await server.start();
    const base = server.url;
    const accounts: Account[] = [];
    for (let index = 0; index < ACCOUNTS; index++) {
      const email = `crash-${index}@example.com`;
      const reply = await call(base, 'POST', '/api/auth/sign-up', { body: { email, password: 'secret-password' } });
      expect(reply.status).toBe(201);
      const token = sessionTokenOf(reply);
      expect(token).toBeTruthy();
      // Every account starts with the profile sign-up gives it (named from the e-mail).
      const first = await call(base, 'GET', `/api/documents/customers/${reply.body.user.uid}/profiles`, { token });
      expect(first.body.profiles).toHaveLength(1);
      accounts.push({
        index,
        email,
        uid: reply.body.user.uid,
        token: token!,
        profiles: first.body.profiles,
        names: 0,
        sessions: new Map(),
        subscribedPrice: null,
        unknownProfileWrite: null,
        unknownCheckoutWrite: null,
      });
    }

    const history: CycleStats[] = [];
    for (const [round, plan] of kills.entries()) {
      // Every other cycle forgets the answers that arrive after the kill, and (in a cluster) kills one worker only.
      const target: KillTarget = WORKERS > 1 && round % 2 === 0 ? 'worker' : 'server';
      const logMark = server.log.length;
      const cycle = new Cycle(server, plan, round % 2 === 1, target);
      const timer = setTimeout(
        () => (plan.on === 'time' ? cycle.kill(true) : cycle.kill()),
        plan.on === 'time' ? plan.after : MAX_CYCLE_MS,
      );
      try {
        await Promise.all([
          ...accounts.flatMap((account) => [
            profileWriter(base, account, cycle, seeded(SEED + 1000 * (round + 1) + 3 * account.index)),
            checkoutWriter(base, account, cycle, seeded(SEED + 1000 * (round + 1) + 3 * account.index + 1)),
          ]),
          ...Array.from({ length: BROWSERS }, (_, index) =>
            browser(base, cycle, seeded(SEED + 1000 * (round + 1) + 500 + index)),
          ),
        ]);
      } finally {
        clearTimeout(timer);
        cycle.kill();
        await cycle.crashed;
      }

      // A killed worker is replaced while the other serves on; a killed server is started again.
      if (target === 'worker') await server.waitForOutput(/worker \d+ is serving/, logMark);
      else await server.start();
      await waitForNoPending(server.dataDir);
      const stats: CycleStats = {
        plan,
        target,
        acknowledged: cycle.acknowledged,
        killedAsPlanned: cycle.killedAsPlanned,
        unknownOutcomes: 0,
        appliedUnknowns: 0,
      };
      const db = openDb(server.dataDir, true);
      try {
        for (const account of accounts) await verifyAccount(base, db, account, stats);
        checkDatabase(db);
      } finally {
        db.close();
      }
      history.push(stats);
    }

    // The kills did land mid-stream: some writes had no answer when the server died.
    expect(
      history.reduce((sum, stats) => sum + stats.unknownOutcomes, 0),
      JSON.stringify(history),
    ).toBeGreaterThan(0);
    // And the writers did write: each cycle acknowledged some, and payments went through.
    for (const stats of history) expect(stats.acknowledged, JSON.stringify(stats)).toBeGreaterThan(0);
    // Each kill came where it was planned (after a payment, a checkout request…), not at MAX_CYCLE_MS.
    for (const stats of history) expect(stats.killedAsPlanned, JSON.stringify(stats)).toBe(true);
    expect(accounts.some((account) => account.subscribedPrice !== null)).toBe(true);

    // Last, the file itself after a graceful stop.
    await server.stop();
    const db = openDb(server.dataDir, false);
    try {
      checkDatabase(db);
      expect(db.prepare('SELECT count(*) FROM accounts').pluck().get()).toBe(ACCOUNTS);
      for (const account of accounts) {
        const profiles = db
          .prepare<[string], { id: string; name: string; active: number }>(
            'SELECT id, name, active FROM profiles WHERE uid = ? ORDER BY created_at, rowid',
          )
          .all(account.uid)
          .map((row) => ({ id: row.id, name: row.name, activeProfile: row.active === 1 }));
        expect(profiles).toEqual(account.profiles);
        const complete = db
          .prepare<[string], string>(
            "SELECT id FROM checkout_sessions WHERE uid = ? AND status = 'complete' ORDER BY id",
          )
          .pluck()
          .all(account.uid);
        expect(complete).toEqual(
          [...account.sessions.values()]
            .filter((known) => known.paid)
            .map((known) => known.id)
            .sort(),
        );
      }
    } finally {
      db.close();
    }
    // Generous: on a busy machine a (re)start takes tens of seconds.
  }, 600_000);
});
