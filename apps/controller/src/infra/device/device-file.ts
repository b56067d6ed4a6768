import { existsSync, readFileSync, renameSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * A JSON file written atomically and durably: the content goes to `<path>.tmp`, which is fsynced
 * and renamed over the file; the folder is then fsynced so the rename itself survives a power cut.
 * A crash leaves the previous content or the new one, never a mix. Writes are asynchronous, so the
 * service takes further requests while the disk works, and their changes share the next write
 * (see `SimulatedControllerDevice`); the caller writes one content at a time.
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

  /** Replaces the content; when the promise resolves, the new content is on disk. */
  async write(content: T): Promise<void> {
    const directory = dirname(this.path);
    if (!this.directoryMade) await mkdir(directory, { recursive: true });
    this.directoryMade = true;
    const temporary = `${this.path}.tmp`;
    const file = await open(temporary, 'w');
    try {
      await file.writeFile(JSON.stringify(content));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, this.path);
    const folder = await open(directory, 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }
}
