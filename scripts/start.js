// `npm start`: build if needed, then serve the production build (the server migrates and seeds on start).
import { buildIfNeeded } from './build-if-needed.js';

buildIfNeeded();
process.env.NODE_ENV ??= 'production';
await import('../server.js');
