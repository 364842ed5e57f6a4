// firestore-emulator-policy.mjs (from the feasibility spike) — enforce an access policy written in JavaScript on the
// in-process Firestore emulator, so hosted adapters can be tested against PERMISSION_DENIED offline.
//
// This is NOT firestore.rules: @firestore-emulator/server has no rules engine, and no offline
// evaluator of the rules language was found that works (see REPORT.md). The policy here is a
// hand-written mirror of the rules; keep it next to firestore.rules and change both together.
//
//   enforcePolicy(server, ({ uid, op, path, before, after, serverTime, exists }) => boolean)
//     uid  : the signed-in user's uid from the Auth emulator's ID token (null when signed out)
//     op   : 'read' | 'write'
//     path : document or collection path relative to the database root, e.g. 'customers/u1/profiles'
//   and for writes, as the rules' resource.data, request.resource.data and request.time see them:
//     before     : the document's fields before the write as plain values, or null when absent
//     after      : its fields after the write (null for a delete); a timestamp is a Date
//     serverTime : the fields this write sets to the server's time (serverTimestamp())
//     exists     : (path) => whether a document exists before the write, as the rules' exists()
//
// Install AFTER fillFirestoreEmulatorGaps(server). Reads are checked per listen target (getDoc,
// getDocs, onSnapshot), per BatchGetDocuments/RunQuery call (transactions); writes per Write
// stream request and per Commit. A denied read fails only that target (the listener's error
// callback gets `permission-denied`); a denied write rejects the write with `permission-denied`.
import { createRequire } from 'node:module';

import { MAX_MY_LIST, MAX_PROGRESS, MAX_STORED_TITLE_LENGTH } from '../../../shared/watching/watching-rules.ts';

const emulatorRequire = createRequire(createRequire(import.meta.url).resolve('@firestore-emulator/server'));
const { status: Status } = emulatorRequire('@grpc/grpc-js');
const fs = emulatorRequire('@firestore-emulator/proto/dist/google/firestore/v1/firestore');

const ROOT = /^projects\/[^/]+\/databases\/[^/]+\/documents\/?/;
const rel = (name) => name.replace(ROOT, '');

/** uid from `authorization: Bearer <JWT>` — the Auth emulator's tokens are unsigned (alg none). */
function uidOf(call) {
  const header = call.metadata?.get('authorization')?.[0];
  const jwt = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '') : '';
  const [, payload] = jwt.split('.');
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims.user_id ?? claims.sub ?? null;
  } catch {
    return null;
  }
}

const writePath = (w) => rel(w.has_update ? w.update.name : w.has_delete ? w.delete : (w.transform?.document ?? ''));

const queryPath = (q) =>
  `${rel(q.parent)}${rel(q.parent) ? '/' : ''}${q.structured_query.from[0]?.collection_id ?? ''}`;

/** A Firestore v1 Value message as a plain value; a timestamp becomes a Date. */
function plain(value) {
  if (value.has_null_value) return null;
  if (value.has_boolean_value) return value.boolean_value;
  if (value.has_integer_value) return Number(value.integer_value);
  if (value.has_double_value) return value.double_value;
  if (value.has_string_value) return value.string_value;
  if (value.has_timestamp_value) {
    const { seconds, nanos } = value.timestamp_value;
    return new Date(Number(seconds) * 1000 + Math.floor(nanos / 1e6));
  }
  if (value.has_map_value) return plainFields(value.map_value.fields);
  if (value.has_array_value) return value.array_value.values.map(plain);
  return undefined;
}
/** A message's `fields` (a Map of Value messages) as a plain object. */
const plainFields = (fields) => Object.fromEntries([...fields].map(([k, v]) => [k, plain(v)]));

/** What one write does to its document, as the rules see it: its fields before and after. */
function describeWrite(state, w) {
  const path = writePath(w);
  const name = w.has_update ? w.update.name : w.has_delete ? w.delete : (w.transform?.document ?? '');
  const root = ROOT.exec(name)?.[0].replace(/\/$/, '') ?? '';
  const exists = (other) => state.getDocument(`${root}/${other}`).metadata.hasExist;
  const stored = state.getDocument(name);
  const before = stored.metadata.hasExist ? plainFields(stored.toV1Document().fields) : null;
  if (w.has_delete) return { path, before, after: null, serverTime: [], exists };
  const fields = w.has_update ? plainFields(w.update.fields) : {};
  const mask = w.has_update_mask ? w.update_mask.field_paths : w.has_transform ? [] : null;
  let after = mask ? { ...(before ?? {}) } : fields;
  for (const field of mask ?? []) {
    if (field in fields) after[field] = fields[field];
    else delete after[field];
  }
  const transforms = w.has_transform ? w.transform.field_transforms : w.update_transforms;
  const serverTime = transforms.filter((t) => t.has_set_to_server_value).map((t) => t.field_path);
  after = { ...after, ...Object.fromEntries(serverTime.map((field) => [field, new Date()])) };
  return { path, before, after, serverTime, exists };
}

const denied = (what) => ({
  code: Status.PERMISSION_DENIED,
  details: `Missing or insufficient permissions. (${what})`,
});

export function enforcePolicy(server, policy) {
  const handlers = server.server.handlers; // grpc-js Server's private method table
  const wrap = (method, make) => {
    const h = handlers.get(`/google.firestore.v1.Firestore/${method}`);
    h.func = make(h.func);
  };
  const allowed = (call, op, paths) => {
    const uid = uidOf(call);
    return paths.find((path) => !policy({ uid, op, path })) ?? null; // first denied path, or null
  };
  /** The first write a policy refuses (its path), or null; every write is judged on the state before them all. */
  const allowedWrites = (call, writes) => {
    const uid = uidOf(call);
    const changes = writes.filter((w) => writePath(w)).map((w) => describeWrite(server.state, w));
    const refused = changes.find((change) => !policy({ uid, op: 'write', ...change }));
    return refused?.path ?? null;
  };
  // bidi streams: filter each incoming message before the real handler sees it
  const filterMessages = (orig, check) => (call) => {
    for (const m of ['on', 'once']) {
      const original = call[m].bind(call);
      call[m] = (ev, fn) =>
        original(
          ev,
          ev === 'data'
            ? (req) => {
                if (check(call, req)) fn(req);
              }
            : fn,
        );
    }
    return orig(call);
  };
  wrap('Listen', (orig) =>
    filterMessages(orig, (call, req) => {
      if (!req.has_add_target) return true;
      const t = req.add_target;
      const paths = t.has_documents ? t.documents.documents.map(rel) : [queryPath(t.query)];
      const bad = allowed(call, 'read', paths);
      if (bad === null) return true;
      call.write(
        fs.ListenResponse.fromObject({
          target_change: {
            target_change_type: fs.TargetChangeTargetChangeType.REMOVE,
            target_ids: [t.target_id],
            cause: { code: Status.PERMISSION_DENIED, message: denied(bad).details },
          },
        }),
      );
      return false;
    }),
  );
  wrap('Write', (orig) =>
    filterMessages(orig, (call, req) => {
      const bad = allowedWrites(call, req.writes);
      if (bad === null) return true;
      call.emit('error', denied(bad));
      return false;
    }),
  );
  wrap('Commit', (orig) => (call, callback) => {
    const bad = allowedWrites(call, call.request.writes);
    return bad === null ? orig(call, callback) : callback(denied(bad));
  });
  wrap('BatchGetDocuments', (orig) => (call) => {
    const bad = allowed(call, 'read', call.request.documents.map(rel));
    return bad === null ? orig(call) : call.emit('error', denied(bad));
  });
  for (const m of ['RunQuery', 'RunAggregationQuery']) {
    wrap(m, (orig) => (call) => {
      const q = m === 'RunQuery' ? call.request : call.request.structured_aggregation_query;
      const bad = allowed(call, 'read', [
        queryPath({ parent: call.request.parent, structured_query: q.structured_query }),
      ]);
      return bad === null ? orig(call) : call.emit('error', denied(bad));
    });
  }
  return server;
}

// The watching limits and key shape, from the one definition both sides use (firestore.rules
// itself has to spell them out).
const MAX_COUNT = { progress_count: MAX_PROGRESS, my_list_count: MAX_MY_LIST };
const IMAGE_PATH = /^\/[A-Za-z0-9._-]{1,200}$/;

const hasExactly = (data, fields) =>
  Object.keys(data).length === fields.length && fields.every((field) => field in data);
const isInt = (value, min, max) => Number.isInteger(value) && value >= min && value <= max;
const isNumber = (value, min, max) => typeof value === 'number' && value >= min && value <= max;
const isImage = (value) => value === null || (typeof value === 'string' && IMAGE_PATH.test(value));
const isEpisode = (value) => value === null || isInt(value, 0, 10_000);

/** The fields every title document has: which title it is (matching its key) and how it shows. */
const isTitle = (key, d) =>
  (d.media_type === 'movie' || d.media_type === 'tv') &&
  isInt(d.id, 1, 9_999_999_999) &&
  key === `${d.media_type}-${d.id}` &&
  typeof d.title === 'string' &&
  d.title.length >= 1 &&
  [...d.title].length <= MAX_STORED_TITLE_LENGTH &&
  isImage(d.backdrop_path);

/** progress/{key}: where the viewer is in a title, saved at the server's time. */
const isProgress = (key, d, serverTime) =>
  hasExactly(d, [
    'media_type',
    'id',
    'season_number',
    'episode_number',
    'position_seconds',
    'duration_seconds',
    'title',
    'backdrop_path',
    'updated_at',
  ]) &&
  isTitle(key, d) &&
  isEpisode(d.season_number) &&
  isEpisode(d.episode_number) &&
  isNumber(d.position_seconds, 0, 86_400) &&
  isNumber(d.duration_seconds, 0, 86_400) &&
  d.duration_seconds > 0 &&
  serverTime.includes('updated_at');

/** my_list/{key}: a title in My List; added_at is the server's time when created and never changes. */
const isMyListItem = (key, d, before, serverTime) =>
  hasExactly(d, ['media_type', 'id', 'title', 'backdrop_path', 'poster_path', 'added_at']) &&
  isTitle(key, d) &&
  isImage(d.poster_path) &&
  (before === null
    ? serverTime.includes('added_at')
    : !serverTime.includes('added_at') && d.added_at?.getTime() === before.added_at?.getTime());

/** A profile document's counts of its collections (kept by the adapter) stay within the limits. */
const countsFit = (d) => Object.entries(MAX_COUNT).every(([field, max]) => !(field in d) || isInt(d[field], 0, max));

/**
 * Marquee's access policy: a hand-written mirror of /firestore.rules (change both together).
 *   products/{id}, products/{id}/prices/{id}   everyone reads (the rules also require active
 *                                              products; a path policy cannot see the data)
 *   customers/{uid}/profiles/{id}              the owner reads and writes (counts in range)
 *   customers/{uid}/profiles/{id}/progress/{key}, .../my_list/{key}
 *                                              the owner reads and deletes; writes need the
 *                                              profile to exist and the document's shape
 *   customers/{uid}/checkout_sessions/{id}     the owner creates and reads (the rules refuse
 *                                              updates and deletes; writes look alike here)
 *   customers/{uid}/subscriptions/{id}, .../invoices/{id}
 *                                              the owner reads
 *   anything else                              nobody (the extension writes with admin rights)
 */
export function marqueePolicy({ uid, op, path, before = null, after = null, serverTime = [], exists }) {
  const seg = path.split('/');
  if (seg[0] === 'products') return op === 'read' && (seg.length <= 2 || seg[2] === 'prices');
  if (seg[0] !== 'customers' || !uid || seg[1] !== uid || seg.length < 3) return false;
  if (seg[2] === 'profiles') {
    if (seg.length <= 4) return op === 'read' || after === null || countsFit(after);
    if (seg[4] !== 'progress' && seg[4] !== 'my_list') return false;
    if (seg.length > 6) return false;
    if (op === 'read' || after === null) return true;
    if (!exists(seg.slice(0, 4).join('/'))) return false;
    return seg[4] === 'progress'
      ? isProgress(seg[5], after, serverTime)
      : isMyListItem(seg[5], after, before, serverTime);
  }
  if (seg[2] === 'checkout_sessions') return true;
  if (seg[2] === 'subscriptions') return op === 'read';
  return false;
}
