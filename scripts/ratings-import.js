// `npm run ratings:import`: imports customer reviews once (eKomi when EKOMI_INTERFACE_ID and
// EKOMI_INTERFACE_PASSWORD are set, else the demo reviews), idempotently; decision 0014. Runs from the production
// build like `npm start`, with the same environment. Refuses while the shop runs on PGlite (one process only).
import { buildIfNeeded } from './build-if-needed.js';
import { defaultPublicUrl } from './public-url.js';

buildIfNeeded();
process.env.NODE_ENV ??= 'production';
defaultPublicUrl();
const { runRatingsImportCommand } = await import('../build/server/index.js');
process.exitCode = await runRatingsImportCommand();
