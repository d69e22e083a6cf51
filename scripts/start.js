// `npm start`: build if needed, then serve the production build (the server migrates and seeds on start).
import { buildIfNeeded } from './build-if-needed.js';
import { defaultPublicUrl } from './public-url.js';

buildIfNeeded();
process.env.NODE_ENV ??= 'production';
// Production needs PUBLIC_URL; a local default (with a warning) keeps `npm start` working without configuration.
defaultPublicUrl();
await import('../server.js');
