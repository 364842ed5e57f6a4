// firestore-emulator-policy.mjs (from the feasibility spike) — enforce an access policy written in JavaScript on the
// in-process Firestore emulator, so hosted adapters can be tested against PERMISSION_DENIED offline.
//
// This is NOT firestore.rules: @firestore-emulator/server has no rules engine, and no offline
// evaluator of the rules language was found that works (see REPORT.md). The policy here is a
// hand-written mirror of the rules; keep it next to firestore.rules and change both together.
//
//   enforcePolicy(server, ({ uid, op, path }) => boolean)
//     uid  : the signed-in user's uid from the Auth emulator's ID token (null when signed out)
//     op   : 'read' | 'write'
//     path : document or collection path relative to the database root, e.g. 'customers/u1/profiles'
//
// Install AFTER fillFirestoreEmulatorGaps(server). Reads are checked per listen target (getDoc,
// getDocs, onSnapshot), per BatchGetDocuments/RunQuery call (transactions); writes per Write
// stream request and per Commit. A denied read fails only that target (the listener's error
// callback gets `permission-denied`); a denied write rejects the write with `permission-denied`.
import { createRequire } from 'node:module';

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
      const bad = allowed(call, 'write', req.writes.map(writePath).filter(Boolean));
      if (bad === null) return true;
      call.emit('error', denied(bad));
      return false;
    }),
  );
  wrap('Commit', (orig) => (call, callback) => {
    const bad = allowed(call, 'write', call.request.writes.map(writePath).filter(Boolean));
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

/**
 * Marquee's access policy: a hand-written mirror of /firestore.rules (change both together).
 *   products/{id}, products/{id}/prices/{id}   everyone reads (the rules also require active
 *                                              products; a path policy cannot see the data)
 *   customers/{uid}/profiles/{id}              the owner reads and writes
 *   customers/{uid}/checkout_sessions/{id}     the owner creates and reads (the rules refuse
 *                                              updates and deletes; writes look alike here)
 *   customers/{uid}/subscriptions/{id}         the owner reads
 *   anything else                              nobody (the extension writes with admin rights)
 */
export function marqueePolicy({ uid, op, path }) {
  const seg = path.split('/');
  if (seg[0] === 'products') return op === 'read' && (seg.length <= 2 || seg[2] === 'prices');
  if (seg[0] !== 'customers' || !uid || seg[1] !== uid || seg.length < 3) return false;
  if (seg[2] === 'profiles') return true;
  if (seg[2] === 'checkout_sessions') return true;
  if (seg[2] === 'subscriptions') return op === 'read';
  return false;
}
