/**
 * Loading feature chunks (SPEC §7, §8, §9): a dynamic import that does not settle within the time-out
 * (120 000 ms) or fails becomes a `ChunkLoadError` ("Loading chunk … failed.") carrying the failure type and the
 * address, like webpack's chunk-load error the spec describes.
 */
import { CHUNK_TIMEOUT_MS } from '~/constants.ts';

/** Why a chunk did not load. */
export type ChunkFailure = 'timeout' | 'error';

/** A chunk that did not load within the time-out or failed (SPEC §8). */
export class ChunkLoadError extends Error {
  /** webpack compatibility: the failure type lives in `type` and the address in `request`. */
  constructor(
    public readonly chunk: string,
    public readonly type: ChunkFailure,
    public readonly request: string,
    options?: { cause?: unknown },
  ) {
    super(`Loading chunk ${chunk} failed.\n(${type}: ${request})`, options);
    this.name = 'ChunkLoadError';
  }
}

/** Options of `loadChunk`. */
export type LoadChunkOptions = {
  /** Chunk name in the message; defaults to the address. */
  name?: string;
  /** The address (script URL or feature name) reported on failure. */
  address: string;
  /** Time-out in ms, default `CHUNK_TIMEOUT_MS` (120 000, SPEC §9). */
  timeoutMs?: number;
  /** Timer functions, injectable for tests. */
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (id: unknown) => void;
};

/**
 * Runs `importer` (e.g. `() => import('./gallery.tsx')`) and resolves with its module.
 * @throws ChunkLoadError with type `timeout` when it has not settled after `timeoutMs`, with type `error` when it
 * rejects (the original error is the `cause`).
 */
export function loadChunk<T>(importer: () => Promise<T>, options: LoadChunkOptions): Promise<T> {
  const timeoutMs = options.timeoutMs ?? CHUNK_TIMEOUT_MS;
  const set = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clear = options.clearTimeout ?? ((id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>));
  const name = options.name ?? options.address;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = set(() => {
      if (settled) return;
      settled = true;
      reject(new ChunkLoadError(name, 'timeout', options.address));
    }, timeoutMs);
    let started: Promise<T>;
    try {
      started = importer();
    } catch (error) {
      started = Promise.reject(error);
    }
    started.then(
      (module) => {
        if (settled) return;
        settled = true;
        clear(timer);
        resolve(module);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clear(timer);
        reject(new ChunkLoadError(name, 'error', addressOf(error) ?? options.address, { cause: error }));
      },
    );
  });
}

/** The script URL a browser's failed dynamic import names, if any ("Failed to fetch dynamically imported module: URL"). */
function addressOf(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  const match = /(https?:\/\/\S+|\/\S+\.js\S*)/.exec(message);
  return match ? match[1] : null;
}
