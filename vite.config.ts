import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const alias = {
  '~': fileURLToPath(new URL('./app', import.meta.url)),
  '#database': fileURLToPath(new URL('./database', import.meta.url)),
  '#server': fileURLToPath(new URL('./server', import.meta.url)),
};

// Scripts live under /js/ (DESIGN §4): the content hash in the file name is the version id.
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias },
  build: {
    assetsDir: 'js',
    rollupOptions: isSsrBuild ? { input: './server/index.ts' } : undefined,
  },
  ssr: { external: ['@electric-sql/pglite', 'pg', 'pino', 'nodemailer'] },
  plugins: [tailwindcss(), reactRouter()],
}));
