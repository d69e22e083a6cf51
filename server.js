// Starts the shop: `node server.js` serves the production build; NODE_ENV=development serves through Vite.
// In production, WEB_CONCURRENCY > 1 makes this process the primary of that many worker processes (node's
// `cluster`, server/cluster.server.ts); each worker runs the code below the role check and serves the same port.
import path from 'node:path';

const development = process.env.NODE_ENV === 'development';

let started;
// The cluster's jobs process (mail, scheduled jobs) serves no HTTP.
let serves = true;
if (development) {
  const vite = await import('vite');
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const { startApp } = await viteDevServer.ssrLoadModule('./server/index.ts');
  started = await startApp({
    devMiddleware: viteDevServer.middlewares,
    build: () => viteDevServer.ssrLoadModule('virtual:react-router/server-build'),
  });
} else {
  const { startApp, clusterRole, runClusterPrimary } = await import('./build/server/index.js');
  const role = clusterRole();
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

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const finish = () => close().finally(() => process.exit(0));
      if (server) {
        server.close(finish);
        // Keep-alive connections would hold server.close() open; let them go once their request is answered.
        server.closeIdleConnections();
      } else finish();
      setTimeout(() => process.exit(0), 5000).unref();
    });
  }
}
