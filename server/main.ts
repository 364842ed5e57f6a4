import cluster from 'node:cluster';

import { announce } from './app-options.ts';
import { runPrimary } from './cluster/primary.ts';
import { readConfig } from './config.ts';
import { serve } from './serve.ts';

const config = readConfig();
if (cluster.isWorker) {
  await serve(config, true);
} else if (config.workers > 1) {
  await runPrimary(config);
} else {
  announce(config, await serve(config, false));
}
