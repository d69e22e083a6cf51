/**
 * One process at a time on a PGlite data directory. PGlite is the whole database inside the process that opened
 * it and takes no lock of its own: a second process opening the same directory (a second `npm start`, a
 * command such as `npm run ratings:import` beside a running shop) would write over the first one's files and
 * corrupt them. So whoever opens a data directory writes its process id into `<dir>.lock` beside it and removes
 * the file on close; a lock file whose process is gone (a crash) is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The data directory is open in another live process. */
export class DataDirInUseError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number,
    public readonly lockFile: string,
  ) {
    super(
      `The PGlite data directory ${dataDir} is in use by process ${pid} (lock file ${lockFile}). ` +
        'Only one process can open it: stop that process first, or use PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

/** Whether a process with this id is alive (EPERM: it exists but belongs to another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process id in a lock file, or null when it is gone or unreadable. */
function readOwner(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of the PGlite data directory `dataDir` for this process (the file `<dataDir>.lock`, created
 * atomically). A lock left by a process that no longer runs, or by this very process, is taken over.
 *
 * @returns a function that releases the lock (removes the file while it still names this process).
 * Throws `DataDirInUseError` when another live process holds it; rethrows file system errors.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = `${dir}.lock`;
  const release = () => {
    if (readOwner(file) === process.pid) fs.rmSync(file, { force: true });
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    if (owner === process.pid) return release;
    if (owner !== null && alive(owner)) throw new DataDirInUseError(dir, owner, file);
    // Stale (its process is gone) or half-written: remove it and try again.
    fs.rmSync(file, { force: true });
  }
  throw new DataDirInUseError(dir, readOwner(file) ?? 0, file);
}
