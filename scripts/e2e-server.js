// The server Playwright starts: the production build on a fresh, throw-away data directory.
import fs from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.js';

buildIfNeeded();
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data/e2e');
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = 'production';
// Links in mails lead back to the address the browser uses (Playwright's baseURL).
process.env.PUBLIC_URL ??= `http://127.0.0.1:${process.env.PORT ?? 3000}`;
process.env.LOG_LEVEL ??= 'warn';
await import('../server.js');
