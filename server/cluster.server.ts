/**
 * `WEB_CONCURRENCY` worker processes (issue 11 item 3, decision 0018): node's `cluster`, no home-made balancer
 * (DESIGN §1). The primary validates the environment (so the session secret file exists before any worker reads
 * it), writes the admin token of `npm run airport` once and hands it to every worker (any worker may receive
 * the command's request), forks the workers, restarts a crashed one with a backoff, and stops them all on
 * SIGTERM/SIGINT. Each worker is a whole shop (`startApp`): migrations and seeding run under a PostgreSQL
 * advisory lock (`DatabaseHandle.exclusive`), so the first worker prepares and the others find it done.
 * Besides the N web workers the primary forks one jobs process (worker 0, lowest CPU priority, serves no HTTP):
 * it delivers mail and runs the scheduled jobs (hourly purge, ratings import), so a confirmation's PDFs are never
 * rendered inside a web worker's event loop; web workers announce queued mail to it through the primary (IPC).
 */
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { loadEnv, type Env } from './env.server.ts';
import { removeAdminToken, writeAdminToken } from './internal.ts';
import { createLogger } from './logger.server.ts';

/** Environment variables the primary sets for its workers only (not configuration). */
const WORKER_INDEX_VAR = 'SHOP_CLUSTER_WORKER';
const WORKER_TOKEN_VAR = 'SHOP_CLUSTER_ADMIN_TOKEN';

/** A worker that ran at least this long (ms) counts as started: its crash restarts it at once. */
export const STABLE_UPTIME_MS = 10_000;
/** Longest wait before restarting a worker that keeps crashing at start (ms). */
export const MAX_RESTART_DELAY_MS = 30_000;
/** How long the primary waits for its workers to stop gracefully before killing them (ms). */
const STOP_TIMEOUT_MS = 8_000;
/**
 * Nice value of the jobs process: web workers (and the database) get the CPU first, mail and purges take what is
 * left. 19, the lowest priority, because under a booking burst rendering each confirmation's PDFs (~25 ms of CPU)
 * cannot keep pace anyway: the outbox backs up and drains afterwards, and at nice 10 the renderer still took about
 * a fifth of the cluster's CPU from the bookings that queue the mails (issue 11 benchmark).
 */
const JOBS_NICENESS = 19;
/**
 * Semi-space of a worker's young generation, MiB (V8's default on 64-bit: 16). Measured with `npm run bench`
 * (decision 0021): 8 took a web worker from 161–248 to 150–219 MiB after the run and the jobs process from 210 to
 * 146, with no loss of req/s. It can only be given at a process's start, hence here, for the forked workers.
 */
const WORKER_SEMI_SPACE_MIB = 8;
/** The IPC message a web worker sends when it queued mail (forwarded by the primary to the jobs process). */
const MAIL_NOTICE = 'shop:mail-queued';

/** What `startApp` needs to know of a cluster worker (see `startApp`'s `worker` option). */
type WorkerOptions = {
  index: number;
  adminToken?: string;
  /** the jobs process (worker 0): mail, scheduled jobs, no HTTP */
  jobs: boolean;
  announceMail: () => void;
  onMailAnnounced: (fn: () => void) => void;
};

/** What this process is: the only one, the cluster's primary, or one of its workers (index 1…N). */
type ClusterRole =
  { kind: 'single'; env: Env } | { kind: 'primary'; env: Env } | { kind: 'worker'; env: Env; worker: WorkerOptions };

/**
 * Decides this process's role from `WEB_CONCURRENCY` (resolved by `loadEnv`): 1 → `single` (serve here, as
 * before issue 11), more → `primary`; a process forked by the primary is a `worker`.
 * @throws Error from `loadEnv` on an invalid environment, e.g. `WEB_CONCURRENCY` > 1 without `DATABASE_URL`.
 */
export function clusterRole(source: NodeJS.ProcessEnv = process.env): ClusterRole {
  if (cluster.isWorker) {
    const index = Number(source[WORKER_INDEX_VAR]);
    const adminToken = source[WORKER_TOKEN_VAR] || undefined;
    // The token is a secret of this process's memory, not of its children's environment.
    delete source[WORKER_TOKEN_VAR];
    const jobs = index === 0;
    if (jobs) {
      try {
        os.setPriority(JOBS_NICENESS);
      } catch {
        // not permitted here: the jobs process runs at normal priority
      }
    }
    const worker: WorkerOptions = {
      index,
      adminToken,
      jobs,
      announceMail: () => process.send?.(MAIL_NOTICE),
      onMailAnnounced: (fn) => process.on('message', (message) => message === MAIL_NOTICE && fn()),
    };
    return { kind: 'worker', env: loadEnv(source), worker };
  }
  const env = loadEnv(source);
  return { kind: env.WEB_CONCURRENCY > 1 ? 'primary' : 'single', env };
}

/**
 * Delay before restarting a worker that exited unasked (ms): 0 after a run of at least {@link STABLE_UPTIME_MS};
 * otherwise (a crash at start: bad configuration, database down) 1 s, 2 s, 4 s … up to
 * {@link MAX_RESTART_DELAY_MS}, so a boot crash does not loop hot.
 * @param quickFailures - consecutive short runs of this worker, including the one that just ended (≥ 1 when short).
 */
export function restartDelayMs(uptimeMs: number, quickFailures: number): number {
  if (uptimeMs >= STABLE_UPTIME_MS) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** Math.max(0, quickFailures - 1));
}

/**
 * The node options of a forked worker: the primary's own (`cluster`'s default) plus a smaller young generation
 * ({@link WORKER_SEMI_SPACE_MIB}) unless the operator gave `--max-semi-space-size` (or `--max-heap-size`) already.
 */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  const given = execArgv.some((arg) => /^--max[-_](semi[-_]space|heap)[-_]size/.test(arg));
  return given ? [...execArgv] : [...execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MIB}`];
}

/**
 * Runs the cluster's primary: forks `env.WEB_CONCURRENCY` web workers and the jobs process, restarts any that exits unasked (see
 * {@link restartDelayMs}), and on SIGTERM/SIGINT asks every worker to stop (SIGTERM: each closes its server and
 * database), kills those still running after 8 s, removes the admin token file and exits.
 * The primary opens no database and serves nothing; the workers share the listening socket.
 */
export function runClusterPrimary(env: Env): void {
  const logger = createLogger(env.LOG_LEVEL);
  let adminToken: string | undefined;
  try {
    adminToken = writeAdminToken(env.DATA_DIR, { port: env.PORT, host: env.HOST });
  } catch (err) {
    logger.warn({ err }, 'cannot write DATA_DIR/admin-token: `npm run airport` cannot ask this server');
  }
  const slots = new Map<
    number,
    { worker?: Worker; startedAt: number; quickFailures: number; timer?: NodeJS.Timeout }
  >();
  let stopping = false;

  const fork = (index: number) => {
    const slot = slots.get(index) ?? { startedAt: 0, quickFailures: 0 };
    slots.set(index, slot);
    slot.timer = undefined;
    slot.startedAt = Date.now();
    slot.worker = cluster.fork({ [WORKER_INDEX_VAR]: String(index), [WORKER_TOKEN_VAR]: adminToken ?? '' });
    // A web worker queued mail: the jobs process (worker 0) delivers it; if it is down, its restart will.
    slot.worker.on('message', (message) => {
      if (message === MAIL_NOTICE) slots.get(0)?.worker?.send(MAIL_NOTICE);
    });
    slot.worker.on('exit', (code, signal) => {
      slot.worker = undefined;
      if (stopping) return;
      const uptime = Date.now() - slot.startedAt;
      slot.quickFailures = uptime >= STABLE_UPTIME_MS ? 0 : slot.quickFailures + 1;
      const delay = restartDelayMs(uptime, slot.quickFailures);
      logger.error({ worker: index, code, signal, uptimeMs: uptime, restartInMs: delay }, 'worker exited; restarting');
      slot.timer = setTimeout(() => fork(index), delay);
    });
  };
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv) });
  for (let index = 0; index <= env.WEB_CONCURRENCY; index++) fork(index);
  logger.info({ workers: env.WEB_CONCURRENCY }, 'cluster primary started');

  const stop = () => {
    if (stopping) return;
    stopping = true;
    const running: Worker[] = [];
    for (const slot of slots.values()) {
      clearTimeout(slot.timer);
      if (slot.worker) running.push(slot.worker);
    }
    const finish = (code: number) => {
      if (adminToken) removeAdminToken(env.DATA_DIR, adminToken);
      process.exit(code);
    };
    let left = running.length;
    if (left === 0) finish(0);
    for (const worker of running) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) finish(0);
      });
      worker.process.kill('SIGTERM');
    }
    setTimeout(() => {
      for (const worker of running) if (!worker.isDead()) worker.process.kill('SIGKILL');
      finish(1);
    }, STOP_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
