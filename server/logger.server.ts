/** JSON logging with pino (DESIGN §1). */
import pino from 'pino';

/** Creates the application logger; `level` as in pino (`silent` in tests). */
export function createLogger(level: string) {
  return pino({
    level,
    redact: { paths: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'], remove: true },
  });
}

/** The application logger type. */
export type Logger = ReturnType<typeof createLogger>;
