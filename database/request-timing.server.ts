/**
 * Per-request cost accounting for the `Server-Timing` header (issue 11): an AsyncLocalStorage scope opened by the
 * server for each request, the database drivers summing query time into it, the page renderer adding its render
 * time. Cheap: two `performance.now()` calls per query, no logging.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** What one request cost so far; durations in milliseconds. */
export type RequestTiming = {
  /** `performance.now()` when the request arrived */
  start: number;
  /** summed duration of the database queries awaited for this request (parallel queries add up) */
  dbMs: number;
  /** number of database queries run for this request */
  queries: number;
  /** React render time until the first byte of the page (shell ready); null for non-page answers */
  renderMs: number | null;
};

// One instance per process, even when the app code is loaded twice (Vite's ssrLoadModule in development).
const KEY = Symbol.for('parkshop.request-timing');
const storage: AsyncLocalStorage<RequestTiming> = ((globalThis as Record<symbol, unknown>)[KEY] ??=
  new AsyncLocalStorage<RequestTiming>()) as AsyncLocalStorage<RequestTiming>;

/** Runs `fn` in a fresh timing scope and returns its result; {@link currentTiming} inside sees the scope. */
export function withRequestTiming<T>(fn: (timing: RequestTiming) => T): T {
  const timing: RequestTiming = { start: performance.now(), dbMs: 0, queries: 0, renderMs: null };
  return storage.run(timing, () => fn(timing));
}

/** The timing scope of the running request, or undefined outside one (start-up, background workers). */
export function currentTiming(): RequestTiming | undefined {
  return storage.getStore();
}

/** Formats a scope as a `Server-Timing` header value: `db;dur=…, render;dur=…, total;dur=…` (ms, 1 decimal). */
export function serverTimingHeader(timing: RequestTiming): string {
  const parts = [`db;dur=${timing.dbMs.toFixed(1)};desc="${timing.queries} queries"`];
  if (timing.renderMs !== null) parts.push(`render;dur=${timing.renderMs.toFixed(1)}`);
  parts.push(`total;dur=${(performance.now() - timing.start).toFixed(1)}`);
  return parts.join(', ');
}

type AsyncFn = (...args: never[]) => Promise<unknown>;

function timed<F extends AsyncFn>(fn: F): F {
  return ((...args: never[]) => {
    const timing = storage.getStore();
    // Callback and submittable forms (node-postgres' own pool.query → client.query(…, cb)) pass through untimed:
    // the promise-form call around them is what is counted, once.
    const last: unknown = args.at(-1);
    const first: unknown = args[0];
    const submittable = typeof (first as { submit?: unknown } | null)?.submit === 'function';
    if (!timing || typeof last === 'function' || submittable) return fn(...args);
    const started = performance.now();
    const settle = () => {
      timing.dbMs += performance.now() - started;
      timing.queries += 1;
    };
    return fn(...args).finally(settle);
  }) as F;
}

const INSTRUMENTED = Symbol('request-timing');

function patch(target: object, names: string[]): void {
  const record = target as Record<string | symbol, unknown>;
  if (record[INSTRUMENTED]) return;
  record[INSTRUMENTED] = true;
  for (const name of names) {
    const original = record[name];
    if (typeof original === 'function') record[name] = timed((original as AsyncFn).bind(target));
  }
}

/** Makes a PGlite client (and the transactions it opens) add its query time to the request's scope. */
export function instrumentPglite(client: PGlite): void {
  if ((client as unknown as Record<symbol, unknown>)[INSTRUMENTED]) return;
  patch(client, ['query', 'exec']);
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: object) => Promise<unknown>) =>
    transaction((tx) =>
      fn(
        new Proxy(tx, {
          get(target, prop, receiver) {
            const value: unknown = Reflect.get(target, prop, receiver);
            return (prop === 'query' || prop === 'exec') && typeof value === 'function'
              ? timed((value as AsyncFn).bind(target))
              : value;
          },
        }),
      ),
    )) as PGlite['transaction'];
}

/** Makes a node-postgres pool (and the clients it hands out for transactions) add query time to the scope. */
export function instrumentPool(pool: pg.Pool): void {
  if ((pool as unknown as Record<symbol, unknown>)[INSTRUMENTED]) return;
  patch(pool, ['query']);
  type Callback = (
    err: Error | undefined,
    client: pg.PoolClient | undefined,
    done: (release?: unknown) => void,
  ) => void;
  const connect = pool.connect.bind(pool) as unknown as (callback?: Callback) => Promise<pg.PoolClient> | undefined;
  // pg-pool calls `this.connect(callback)` itself (inside pool.query): keep both forms working.
  (pool as unknown as { connect: (callback?: Callback) => unknown }).connect = (callback?: Callback) => {
    if (callback) {
      return connect((err, client, done) => {
        if (client) patch(client, ['query']);
        callback(err, client, done);
      });
    }
    return connect()!.then((client) => {
      patch(client, ['query']);
      return client;
    });
  };
}
