// One virtual user: signs in, then until the run ends does what a viewer's browser asks of the
// server, chosen by weight each time — a home-screen row (50 %), a search (25 %), a profile
// change (20 %), a checkout session (5 %) — with the same requests the app's local adapters send
// (src/services/catalogue/tmdb-catalogue.ts, src/services/account-store/local-*.ts,
// src/services/auth/local-auth.ts). No think time: each user sends its next request as soon as
// the last is answered, so 200 users keep up to 200 requests in flight.
import type { HttpClient, Recorder } from './http.ts';

/** The home screen's rows, as ROW_REQUESTS in src/services/catalogue/tmdb-catalogue.ts asks for them. */
const ROWS = [
  '/discover/tv?with_networks=213',
  '/trending/all/week?language=en-US',
  '/movie/top_rated?language=en-US',
  '/discover/movie?with_genres=28',
  '/discover/movie?with_genres=35',
  '/discover/movie?with_genres=27',
  '/discover/movie?with_genres=10749',
  '/discover/movie?with_genres=99',
];

/** What people type into the search box: titles and words in the catalogue, and some that match nothing. */
const QUERIES = [
  'matrix',
  'the matrix',
  'star wars',
  'avengers',
  'batman',
  'dark knight',
  'john wick',
  'terminator',
  'top gun',
  'alien',
  'breaking bad',
  'the office',
  'game of thrones',
  'planet earth',
  'the last of us',
  'friends',
  'sherlock',
  'samurai',
  'dragon',
  'ghost',
  'night',
  'love',
  'king',
  'war',
  'day',
  'home alone',
  'back to the future',
  'shogun',
  'shōgun',
  'léon',
  'Mad Max',
  'Succession',
  'severance',
  'the bear',
  'fargo',
  'doctor who',
  'death note',
  'bluey',
  'halloween',
  'scream',
  'get out',
  'the shining',
  'hot fuzz',
  'barbie',
  'knives out',
  'chernobyl',
  'narcos',
  // Nothing in the catalogue matches these.
  'xylophone',
  'qwertyuiop',
  'zzyzx road trip',
  'flibbertigibbet',
  'asdf',
  'purple giraffe opera',
];

/** Profile names: more than five, so an unused one is always at hand (names are unique per account). */
const NAMES = [
  'Alex',
  'Sam',
  'Kids',
  'Zoë',
  'José',
  'Priya',
  'Ming',
  'Grandma',
  'Oluwaseun',
  'Renée',
  'Søren',
  'Guest',
];
const MAX_PROFILES = 5;

/** Pause after a failed iteration, so a user does not spin on an error. */
const BACKOFF_MS = 250;
/** Pause between looks at a checkout session that has not been processed yet. */
const POLL_MS = 25;
const CHECKOUT_TIMEOUT_MS = 5000;

export const SESSION_COOKIE = 'marquee_session';

interface Profile {
  id: string;
  name: string;
  activeProfile: boolean;
}

export interface VirtualUserContext {
  client: Pick<HttpClient, 'send' | 'origin'>;
  recorder: Recorder;
  email: string;
  password: string;
  apiKey: string;
  /** Active, recurring plan prices, read once from /api/documents/products. */
  priceIds: string[];
  /** performance.now() at which to stop; lowered to stop everyone at once. */
  run: { endsAt: number };
  /** Seeds this user's choices, so that runs are comparable. */
  seed: number;
  onSignedIn: () => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** mulberry32: a small seeded generator. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export async function virtualUser(context: VirtualUserContext): Promise<void> {
  const { client, recorder, run } = context;
  const random = generator(context.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const running = () => performance.now() < run.endsAt;

  // ── sign in (retried after a pause if refused, so the user still takes part) ──
  let cookie = '';
  let uid = '';
  while (running() && !cookie) {
    const signedIn = await recorder.call<{ user: { uid: string } }>(client, 'sign in', 'POST', '/api/auth/sign-in', {
      json: { email: context.email, password: context.password },
    });
    const token = signedIn?.answer.setCookie
      .map((c) => new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(c)?.[1])
      .find(Boolean);
    if (signedIn && token) {
      cookie = `${SESSION_COOKIE}=${token}`;
      uid = signedIn.json.user.uid;
      context.onSignedIn();
    } else {
      if (signedIn)
        recorder.fail('sign in', 'sign-in set no session cookie', JSON.stringify(signedIn.answer.setCookie));
      await sleep(1000);
    }
  }
  const profilesPath = `/api/documents/customers/${uid}/profiles`;
  const sessionsPath = `/api/documents/customers/${uid}/checkout_sessions`;
  const catalogue = (path: string) =>
    `/tmdb/3${path}${path.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(context.apiKey)}`;

  // This user's profiles as the server last listed them; null when unknown (after an error).
  let profiles: Profile[] | null = null;
  const listProfiles = async () => {
    const listed = await recorder.call<{ profiles: Profile[] }>(client, 'profiles list', 'GET', profilesPath, {
      cookie,
    });
    profiles = listed?.json.profiles ?? null;
    return listed !== null;
  };

  const rowRead = async () =>
    (await recorder.call(client, 'row', 'GET', catalogue(pick(ROWS)), { cookie, discardBody: true })) !== null;

  const search = async () => {
    let query = pick(QUERIES);
    // A third of searches go out mid-word, as typing pauses (the search box debounces).
    if (random() < 1 / 3 && query.length > 3) query = query.slice(0, 2 + Math.floor(random() * (query.length - 2)));
    const parameters = new URLSearchParams({ query, include_adult: 'false', language: 'en-US' });
    const path = catalogue(`/search/multi?${parameters}`);
    return (await recorder.call(client, 'search', 'GET', path, { cookie, discardBody: true })) !== null;
  };

  /** A list, select, rename, add or delete, keeping 1–5 profiles with valid, unique names. */
  const profileChange = async (): Promise<boolean> => {
    if (!profiles) return listProfiles();
    const current: Profile[] = profiles;
    const unusedName = (except?: Profile) => {
      const taken = new Set(current.filter((p) => p !== except).map((p) => p.name.toLowerCase()));
      return pick(NAMES.filter((name) => !taken.has(name.toLowerCase()) && name !== except?.name));
    };
    const roll = random();
    let action = roll < 0.35 ? 'list' : roll < 0.55 ? 'select' : roll < 0.7 ? 'rename' : roll < 0.85 ? 'add' : 'delete';
    if (action === 'add' && current.length >= MAX_PROFILES) action = 'delete';
    if (action === 'delete' && current.length <= 1) action = 'add';
    if ((action === 'select' || action === 'rename') && current.length === 0) action = 'add';

    let written: { json: { profiles: Profile[] } } | null = null;
    if (action === 'list') return listProfiles();
    if (action === 'add') {
      written = await recorder.call(client, 'profile add', 'POST', profilesPath, {
        cookie,
        json: { name: unusedName() },
      });
    } else if (action === 'select') {
      const target = pick(current.filter((p) => !p.activeProfile).concat(current.length === 1 ? current : []));
      written = await recorder.call(client, 'profile select', 'POST', `${profilesPath}/${target.id}/select`, {
        cookie,
      });
    } else if (action === 'rename') {
      const target = pick(current);
      written = await recorder.call(client, 'profile rename', 'PATCH', `${profilesPath}/${target.id}`, {
        cookie,
        json: { name: unusedName(target) },
      });
    } else {
      written = await recorder.call(client, 'profile delete', 'DELETE', `${profilesPath}/${pick(current).id}`, {
        cookie,
      });
    }
    // Every write answers with the whole new list; after an error, list again before the next change.
    profiles = written?.json.profiles ?? null;
    return written !== null;
  };

  /** Creates a checkout session request, then reads it until it has a sessionId (or an error). */
  const checkout = async (): Promise<boolean> => {
    const returnUrl = `${client.origin}/change-plan`;
    const created = await recorder.call<{ id: string }>(client, 'checkout create', 'POST', sessionsPath, {
      cookie,
      json: { price: pick(context.priceIds), success_url: returnUrl, cancel_url: returnUrl },
    });
    if (!created) return false;
    const started = performance.now();
    for (;;) {
      const read = await recorder.call<{ session: { sessionId?: string; error?: { message: string } } }>(
        client,
        'checkout read',
        'GET',
        `${sessionsPath}/${created.json.id}`,
        { cookie },
      );
      if (!read) return false;
      const { session } = read.json;
      if (session.error) {
        recorder.fail('checkout create', 'checkout session ended in error', session.error.message);
        return false;
      }
      if (session.sessionId) return true;
      if (performance.now() - started > CHECKOUT_TIMEOUT_MS) {
        recorder.fail(
          'checkout create',
          `checkout session not processed within ${CHECKOUT_TIMEOUT_MS / 1000} s`,
          created.json.id,
        );
        return false;
      }
      await sleep(POLL_MS);
    }
  };

  // The app reads the profiles at every sign-in.
  if (running() && !(await listProfiles())) await sleep(BACKOFF_MS);
  while (running()) {
    const roll = random();
    const ok = await (roll < 0.5 ? rowRead() : roll < 0.75 ? search() : roll < 0.95 ? profileChange() : checkout());
    if (!ok) await sleep(BACKOFF_MS);
  }
}
