// One server per data folder: a lock file holding the owner's pid, made with O_EXCL. A lock
// whose process is gone (a crash, a SIGKILL) is stale and taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class LockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock; returns the release function. Throws LockedError if it is held. */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isSafeInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
        throw new LockedError(`another Artmint server (pid ${owner}) is using ${dir}`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new LockedError(`could not lock ${dir}`);
}
