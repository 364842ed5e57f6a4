// `npm run dev`: the embedded server (restarted on change) on API_PORT, and Vite's dev server
// with hot reload, which proxies /api to it (vite.config.ts). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, API_PORT: apiPort };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    // MARQUEE_DEV_ORIGINS: the API trusts this dev server's origin (server/http/same-origin.ts).
    // One process: it restarts on every change, and a cluster would only make that slower.
    env: {
      ...env,
      PORT: apiPort,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      MARQUEE_DEV_ORIGINS: '1',
      MARQUEE_WORKERS: process.env.MARQUEE_WORKERS ?? '1',
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
