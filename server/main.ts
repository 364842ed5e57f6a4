import { buildApp } from './app.ts';
import { readConfig } from './config.ts';

const config = readConfig();
const app = await buildApp({
  dataDir: config.dataDir,
  webRoot: config.webRoot,
  catalogueApiKey: config.catalogueApiKey,
  catalogueReadToken: config.catalogueReadToken,
  accounts: { signUpsPerClient: config.signUpsPerHour },
  trustProxy: config.trustProxy,
  devOrigins: config.devOrigins,
  serveSourceMaps: config.serveSourceMaps,
  logger: { level: config.logLevel },
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    // Closing finishes in-flight requests and then closes the database (an onClose hook).
    // Node closes only the connections idle at this moment; one busy now would otherwise stay
    // open for the whole keep-alive timeout once its response is sent. Sweep idle ones as they
    // settle, and after a grace period cut whatever is left (a paused video download, say).
    const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
    const cutOff = setTimeout(() => app.server.closeAllConnections(), 5000);
    app.close().then(
      () => {
        clearInterval(sweep);
        clearTimeout(cutOff);
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    console.error(`Port ${config.port} is already in use. Set PORT to another port, e.g. PORT=3001 npm start`);
  } else {
    console.error(error);
  }
  process.exit(1);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
console.log(
  `\nMarquee is running at http://${shownHost}:${port}\n  data folder: ${config.dataDir}\n  stop with Ctrl-C\n`,
);
