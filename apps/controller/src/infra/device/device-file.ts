import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { sync as writeFileAtomicSync } from 'write-file-atomic';

/**
 * A JSON file written atomically and durably: write-file-atomic writes a temporary file, fsyncs it
 * and renames it over the file; the directory is then fsynced so the rename itself survives a power
 * cut. A crash leaves the previous content or the new one, never a mix. Writes are synchronous: the
 * file is small, and one write a batch of changes costs less than the thread-pool round trips of
 * asynchronous calls.
 */
export class DeviceFile<T> {
  private directoryMade = false;

  constructor(readonly path: string) {}

  /**
   * The content, or undefined when there is no file yet. A file that is not JSON is moved aside
   * to `<path>.corrupt-<time>` (kept for inspection) and reads as undefined, with the reason.
   */
  read(): { content?: T; problem?: string } {
    if (!existsSync(this.path)) return {};
    const text = readFileSync(this.path, 'utf8');
    try {
      return { content: JSON.parse(text) as T };
    } catch (error) {
      const aside = `${this.path}.corrupt-${Date.now()}`;
      renameSync(this.path, aside);
      return { problem: `${this.path} is not JSON (${(error as Error).message}); moved to ${aside}` };
    }
  }

  /** Replaces the content; when this returns, the new content is on disk. */
  write(content: T): void {
    const directory = dirname(this.path);
    if (!this.directoryMade) mkdirSync(directory, { recursive: true });
    this.directoryMade = true;
    writeFileAtomicSync(this.path, JSON.stringify(content), { fsync: true });
    syncDirectory(directory);
  }
}

function syncDirectory(directory: string): void {
  const descriptor = openSync(directory, 'r');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
