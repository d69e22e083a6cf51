import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

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
  plugins: [tailwindcss(), reactRouter()],
}));
