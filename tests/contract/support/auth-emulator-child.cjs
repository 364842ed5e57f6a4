// Child process: serve ONLY the Firebase Auth emulator, straight from firebase-tools' lib/.
// No CLI, no emulator hub/logging ports, no MOTD fetch, no update check, no firebase.json.
//
// env: FIREBASE_TOOLS_DIR  folder that contains node_modules/firebase-tools (the cache folder)
//      AUTH_HOST/AUTH_PORT  bind address (default 127.0.0.1:9099; PORT 0 is not supported by
//                           the emulator's listen(), pick a free port in the parent)
//      PROJECT              default project id (demo-* = offline demo project)
//      EAGER_SCHEMAS=1      keep firebase-tools' default of compiling every JSON schema of the
//                           Identity Toolkit OpenAPI spec at start-up (≈18–37 s here) instead of
//                           on first use of each operation (≈2 s start-up).
// Prints one line `AUTH_EMULATOR_READY <port>` on stdout when it accepts connections.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS child process */
const path = require('node:path');
const { createRequire } = require('node:module');

const dir = process.env.FIREBASE_TOOLS_DIR;
if (!dir) throw new Error('FIREBASE_TOOLS_DIR is not set');
const ftRequire = createRequire(path.join(dir, 'node_modules', 'firebase-tools', 'package.json'));

if (process.env.EAGER_SCHEMAS !== '1') {
  // exegesis (firebase-tools' OpenAPI router) has an option to compile request schemas lazily;
  // firebase-tools does not set it. Same validation, done on first use of each operation.
  const exegesisExpress = ftRequire('exegesis-express');
  const middleware = exegesisExpress.middleware;
  exegesisExpress.middleware = (spec, options) => middleware(spec, { ...options, lazyCompileValidationSchemas: true });
}

const { AuthEmulator } = ftRequire('./lib/emulator/auth');
const host = process.env.AUTH_HOST || '127.0.0.1';
const port = Number(process.env.AUTH_PORT || 9099);
const emulator = new AuthEmulator({
  host,
  port,
  projectId: process.env.PROJECT || 'demo-marquee',
  singleProjectMode: 0,
});

emulator.start().then(
  () => process.stdout.write(`AUTH_EMULATOR_READY ${port}\n`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
const stop = () => emulator.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop); // parent died (spawned with an IPC channel)
