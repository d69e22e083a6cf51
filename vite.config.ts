import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/** Path aliases of tsconfig.json (Vite ignores tsconfig paths; DESIGN §9); vitest.config.ts reuses them. */
export const alias = {
  '~': fileURLToPath(new URL('./app', import.meta.url)),
  '#database': fileURLToPath(new URL('./database', import.meta.url)),
  '#server': fileURLToPath(new URL('./server', import.meta.url)),
};

// Scripts live under /js/ (DESIGN §4): the content hash in the file name is the version id.
// With React Router's v8 Vite Environment API the server bundle's entry is the ssr environment's input
// (our Express app in server/index.ts, which imports the React Router build itself).
/**
 * React Router's own production build (issue 14 item 8): its package exports only `dist/development` (dev warnings
 * on) under every condition, so a production build points the imports at `dist/production` itself and bundles the
 * server adapters with it (one copy of the router, whose context objects must be the same instances everywhere).
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
  },
];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli (quality 11) and gzip (level 9) copies beside every script and style sheet of the client build of at least
 * 1 KiB, served by express-static-gzip (server/app.server.ts; decision 0041). Compressing once at build time instead
 * of per request: the on-the-fly compression cost about 3 ms of a server core per script file, some 60 files per page
 * view, while the browser on the same two cores renders the page (issue 11), and sent larger files. Our own plugin:
 * vite-plugin-compression2 also compressed the server bundle (it hooks the manifest plugin of every environment)
 * and tripled the build time.
 */
function precompress(): Plugin {
  return {
    name: 'shop:precompress',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    // writeBundle: the files as written (Vite's own generateBundle hooks still rewrite chunks, e.g. the preload list).
    async writeBundle(options, bundle) {
      const files = Object.values(bundle).filter((file) => /\.(js|css)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (source.length < 1024) return;
          const target = path.join(options.dir ?? 'build/client', file.fileName);
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip(source, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${target}.br`, br), fs.writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig(({ mode }) => ({
  resolve: {
    alias:
      mode === 'production'
        ? [...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })), ...reactRouterProduction]
        : alias,
  },
  build: { assetsDir: 'js' },
  environments: { ssr: { build: { rollupOptions: { input: './server/index.ts' } } } },
  ssr: {
    external: ['@electric-sql/pglite', 'pg', 'pino', 'nodemailer'],
    // Bundled, so the server holds only the icons it uses: on Node, lucide-react's entry is one CommonJS file
    // with every icon (≈ 40 MB of each server process's memory once loaded; issue 11, decision 0021).
    noExternal: [
      'lucide-react',
      ...(mode === 'production' ? ['react-router', '@react-router/express', '@react-router/node'] : []),
    ],
  },
  plugins: [tailwindcss(), reactRouter(), precompress()],
}));
