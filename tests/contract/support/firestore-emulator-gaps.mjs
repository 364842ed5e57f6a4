// firestore-emulator-gaps.mjs — make @firestore-emulator/server@0.3.15 (pure-JS gRPC Firestore
// emulator) serve everything the firebase v12 *Node* SDK does in Marquee's hosted adapters.
//
// Usage (in-process, e.g. a Vitest globalSetup or a test file):
//   import { FirestoreServer } from '@firestore-emulator/server';
//   import { fillFirestoreEmulatorGaps, startOnLoopback } from './firestore-emulator-gaps.mjs';
//   const server = new FirestoreServer();
//   fillFirestoreEmulatorGaps(server);
//   const port = await startOnLoopback(server);      // 127.0.0.1, OS-chosen port
//   connectFirestoreEmulator(db, '127.0.0.1', port);
//   ... server.state.clear() between tests ... server.stop() at the end.
//
// Gaps in the published package (each verified by probe-baseline.mjs) and how they are filled:
//  G1 Write stream unimplemented: the handler throws, so setDoc/addDoc/updateDoc/deleteDoc and
//     writeBatch().commit() never settle (the SDK retries the stream forever).
//     -> a Write handler: handshake (stream_id + stream_token), then every request's writes are
//        applied through the emulator's own writeV1Document and acknowledged in order.
//  G2 Listen handles only the FIRST request of a stream (`call.once('data')`) and throws on
//     remove_target. The SDK multiplexes every getDoc/getDocs/onSnapshot of one Firestore
//     instance over ONE Listen stream, so the 2nd read or listener hangs.
//     -> a Listen handler that serves every add_target/remove_target on the stream, keeps the
//        emulator's per-target watchers apart and unhooks them on remove/end/cancel.
//  G3 Removals never reach query listeners: on a change the emulator sends RESET + the docs that
//     still match; the SDK then keeps the vanished doc in its cache as a "limbo" doc and
//     resolves it with a second target on the same stream -> needs G2. With G2 filled, a deleted
//     (or no longer matching) doc leaves the listener's results. No extra code needed.
//  G4 serverTimestamp()/increment()/arrayUnion(): write results carry no transform_results, so the
//     SDK's `transformResults.length === fieldTransforms.length` assertion kills the client
//     (INTERNAL ASSERTION FAILED) once the Write stream exists. Also v1Transform `return`s after
//     a serverTimestamp/array transform, so only the FIRST transform of a write was applied.
//     -> write results get one transform result per field transform (the stored value);
//        transforms are applied one at a time.
//  G5 setDoc() without merge MERGED into an existing doc (fields not in the new data survived).
//     -> an update without update_mask replaces all fields, as Firestore does.
//  G6 runTransaction() that READS a doc it does not write: the SDK sends a `verify` write, which
//     this proto build does not know (field dropped), so Commit failed with "Invalid write" and
//     the SDK retried until it gave up. -> an operation-less write is acknowledged as a verify.
//  G7 errors: unknown failures inside the emulator are reported as INVALID_ARGUMENT (permanent),
//     so the SDK rejects the call instead of retrying forever; a bad listen target is removed
//     with a `cause` (the listener's error callback fires) instead of killing the whole stream.
//  G9 A query or document listened to again (getDocs, getDoc) kept documents deleted since it was
//     last listened to: the SDK reuses the target with its old keys, and the emulator sends
//     neither a RESET nor an existence filter, so nothing told it they were gone.
//     -> a RESET right after the ADD of every target.
//  G8 start() binds 0.0.0.0 -> startOnLoopback() binds 127.0.0.1 (port 0 = any free port).
//
// Not emulated (by the package or here): security rules, update_time preconditions (optimistic
// concurrency), dotted field paths in where()/transforms, collection-group queries, atomicity of
// a multi-write batch that fails half-way.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

// Resolve everything from the emulator's own location (CommonJS builds): the very module
// instances it uses, whatever npm hoisted (firebase itself brings an older @grpc/grpc-js).
const emulatorRequire = createRequire(createRequire(import.meta.url).resolve('@firestore-emulator/server'));
const require = (id) => emulatorRequire(id);
const { FirestoreStateDocument, TimestampFromDate } = require('@firestore-emulator/server');
const fs = require('@firestore-emulator/proto/dist/google/firestore/v1/firestore');
const { WriteResult } = require('@firestore-emulator/proto/dist/google/firestore/v1/write');
const { Server, ServerCredentials, status: Status } = require('@grpc/grpc-js');

const { ListenResponse, WriteResponse, TargetChangeTargetChangeType: TC } = fs;
const definition = fs.UnimplementedFirestoreService.definition;

let prototypePatched = false;
function patchTransformsOneByOne() {
  // G4 (second half)
  if (prototypePatched) return; // (process-wide: the class is shared by every FirestoreServer)
  prototypePatched = true;
  const original = FirestoreStateDocument.prototype.v1Transform;
  FirestoreStateDocument.prototype.v1Transform = function v1Transform(date, transforms) {
    for (const t of transforms) original.call(this, date, [t]);
  };
}

/** Wrap state.writeV1Document (used by Commit and by our Write stream): G4, G5, G6. */
function patchWrites(state, on) {
  const original = state.writeV1Document.bind(state);
  state.writeV1Document = (date, write) => {
    if (on.G6 && !write.has_update && !write.has_delete && !write.has_transform) {
      return WriteResult.fromObject({ update_time: TimestampFromDate(date).toObject() }); // G6 verify
    }
    if (on.G5 && write.has_update && !write.has_update_mask) {
      const doc = state.getDocument(write.update.name);
      if (doc.metadata.hasExist) doc.fields = {}; // G5: full overwrite (private field in TS only)
    }
    const result = original(date, write);
    if (!on.G4 || !write.has_update || write.update_transforms.length === 0) return result;
    const doc = state.getDocument(write.update.name);
    return WriteResult.fromObject({
      // G4: one transform result per field transform
      update_time: result.update_time.toObject(),
      transform_results: write.update_transforms.map((t) => doc.getField(t.field_path).toV1ValueObject()),
    });
  };
}

/** Firestore status for an error thrown by the emulator (G7). */
let unknownErrorCode = Status.INVALID_ARGUMENT;
const grpcError = (err) => ({
  code: typeof err?.code === 'number' ? err.code : unknownErrorCode,
  details: String(err?.message ?? err),
});

function writeHandler(state) {
  // G1
  return (call) => {
    const streamId = randomUUID();
    let seq = 0;
    let handshakeDone = false;
    call.on('data', (request) => {
      const stream_token = Buffer.from(`${streamId}:${++seq}`);
      if (!handshakeDone && request.writes.length === 0) {
        handshakeDone = true; // the SDK asserts the handshake reply carries no write results
        call.write(WriteResponse.fromObject({ stream_id: streamId, stream_token }));
        return;
      }
      handshakeDone = true;
      const date = new Date();
      try {
        const results = request.writes.map((w) => state.writeV1Document(date, w));
        call.write(
          WriteResponse.fromObject({
            stream_id: streamId,
            stream_token,
            commit_time: TimestampFromDate(date).toObject(),
            write_results: results.map((r) => r.toObject()),
          }),
        );
      } catch (err) {
        call.emit('error', grpcError(err)); // ends the stream with that status; SDK rejects the batch
      }
    });
    call.on('end', () => call.end());
  };
}

function listenHandler(state) {
  // G2 (+ G3, G7)
  return (call) => {
    const targets = new Map(); // target_id -> array of unhook functions from state.v1Listen
    let open = true;
    const drop = (id) => {
      targets.get(id)?.forEach((off) => off());
      targets.delete(id);
    };
    const close = () => {
      open = false;
      [...targets.keys()].forEach(drop);
    };
    call.on('data', (request) => {
      if (request.has_add_target) {
        const id = request.add_target.target_id;
        drop(id);
        const unhooks = [];
        targets.set(id, unhooks);
        // The emulator's watchers fire after setImmediate: drop writes for a target removed since.
        const send = (res) => {
          if (!open || targets.get(id) !== unhooks) return;
          call.write(res);
          // G9: right after a target's ADD, a RESET, so that the SDK forgets the documents its
          // earlier listen of the same query or document had (it keeps their keys, and without a
          // RESET or an existence filter a document deleted since stayed in every later result).
          if (res.has_target_change && res.target_change.target_change_type === TC.ADD) {
            call.write(
              ListenResponse.fromObject({ target_change: { target_change_type: TC.RESET, target_ids: [id] } }),
            );
          }
        };
        try {
          state.v1Listen(request, send, (off) => unhooks.push(off));
        } catch (err) {
          drop(id);
          call.write(
            ListenResponse.fromObject({
              target_change: {
                target_change_type: TC.REMOVE,
                target_ids: [id],
                cause: { code: grpcError(err).code, message: grpcError(err).details },
              },
            }),
          );
        }
      } else if (request.has_remove_target) {
        drop(request.remove_target);
        call.write(
          ListenResponse.fromObject({
            target_change: { target_change_type: TC.REMOVE, target_ids: [request.remove_target] },
          }),
        );
      }
    });
    call.on('end', () => {
      close();
      call.end();
    });
    call.on('cancelled', close);
    call.on('error', close);
    call.on('close', close);
  };
}

/**
 * Install every gap filler on a FirestoreServer (before or after start()). Idempotent per server.
 * `leaveOpen: ['G4', …]` skips fillers — only for demonstrating a gap (ablation.sh).
 */
export function fillFirestoreEmulatorGaps(server, { leaveOpen = [] } = {}) {
  if (server.__gapsFilled) return server;
  server.__gapsFilled = true;
  const on = Object.fromEntries(['G1', 'G2', 'G4', 'G5', 'G6', 'G7'].map((g) => [g, !leaveOpen.includes(g)]));
  if (!on.G7) unknownErrorCode = Status.INTERNAL; // what grpc-js would report for a thrown Error
  const grpcServer = server.server; // TS-private, a plain property at run time
  if (on.G4) patchTransformsOneByOne();
  patchWrites(server.state, on);
  const handlers = [on.G1 && ['Write', writeHandler(server.state)], on.G2 && ['Listen', listenHandler(server.state)]];
  for (const [name, handler] of handlers.filter(Boolean)) {
    const d = definition[name];
    grpcServer.unregister(d.path);
    grpcServer.register(d.path, handler, d.responseSerialize, d.requestDeserialize, 'bidi');
  }
  return server;
}

/** G8: bind the emulator on 127.0.0.1 (port 0 → a free port); resolves with the port. */
export function startOnLoopback(server, port = 0) {
  if (!(server.server instanceof Server)) throw new Error('unexpected FirestoreServer internals');
  return new Promise((resolve, reject) => {
    server.server.bindAsync(`127.0.0.1:${port}`, ServerCredentials.createInsecure(), (err, bound) =>
      err ? reject(err) : resolve(bound),
    );
  });
}
