// Starts the shop: `node server.js` serves the production build; NODE_ENV=development serves through Vite.
// In production, WEB_CONCURRENCY > 1 makes this process the primary of that many worker processes (node's
// `cluster`, server/cluster.server.ts); each worker runs the code below the role check and serves the same port.
import path from 'node:path';

const development = process.env.NODE_ENV === 'development';

let started;
// Answers CONNECT, which never reaches the app (server/app.server.ts `refuseConnect`).
let refuseConnect;
// The cluster's jobs process (mail, scheduled jobs) serves no HTTP.
let serves = true;
if (development) {
  const vite = await import('vite');
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const devServer = await viteDevServer.ssrLoadModule('./server/index.ts');
  const { startApp } = devServer;
  refuseConnect = devServer.refuseConnect;
  started = await startApp({
    devMiddleware: viteDevServer.middlewares,
    build: () => viteDevServer.ssrLoadModule('virtual:react-router/server-build'),
  });
} else {
  const production = await import('./build/server/index.js');
  const { startApp, clusterRole, runClusterPrimary } = production;
  refuseConnect = production.refuseConnect;
  let role;
  try {
    role = clusterRole();
  } catch (error) {
    // A setting the operator has to change: the message names each one, a stack trace would only bury them.
    if (error instanceof Error && error.message.startsWith('Invalid environment')) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (role.kind === 'primary') runClusterPrimary(role.env);
  else {
    started = await startApp({ env: role.env, staticDir: path.resolve('build/client'), worker: role.worker });
    serves = !role.worker?.jobs;
  }
}

if (started) {
  const { app, ctx, close } = started;
  const server = serves
    ? app.listen(ctx.env.PORT, ctx.env.HOST, () => {
        const address = server.address();
        ctx.logger.info(
          `shop listening on http://${ctx.env.HOST === '0.0.0.0' ? 'localhost' : ctx.env.HOST}:${address.port}`,
        );
      })
    : null;
  if (server) refuseConnect(server);

  let stopping = false;
  // Requests being answered: the database closes only after the last one (it still saves its session, queues
  // mail…); closing it under them logged "Cannot use a pool after calling end on the pool" at every stop. A
  // handler that never ends its answer is cut off by the 5 s limit below.
  const inFlight = new Set();
  let drained = () => {};
  server?.on('request', (_req, res) => {
    inFlight.add(res);
    // While stopping, every answer closes its connection: no further request can arrive on it.
    if (stopping) res.shouldKeepAlive = false;
    // Done when the handler ends the answer, not when the socket closes: a client that gave up (the bench at its
    // end) closes it while the handler still works with the database.
    const end = res.end;
    res.end = function (...args) {
      inFlight.delete(res);
      if (stopping && inFlight.size === 0) drained();
      return end.apply(this, args);
    };
  });
  const allAnswered = () =>
    inFlight.size === 0
      ? Promise.resolve()
      : new Promise((resolve) => {
          drained = resolve;
        });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const finish = () => close().finally(() => process.exit(0));
      if (server) {
        for (const res of inFlight) res.shouldKeepAlive = false;
        const closed = new Promise((resolve) => server.close(resolve));
        server.closeIdleConnections();
        // Only then the workers and timers stop and the pool ends (`close`).
        void Promise.all([closed, allAnswered()]).then(async () => {
          while (inFlight.size > 0) await allAnswered();
          await finish();
        });
      } else finish();
      setTimeout(() => process.exit(0), 5000).unref();
    });
  }
}
