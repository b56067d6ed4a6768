import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A JSON file written atomically: the content goes to `<path>.tmp` first, which then replaces
 * the file, so a crash leaves the previous content or the new one, never a mix. Writes are
 * synchronous: the file is small, and one write a batch of changes costs less than the thread-pool
 * round trips of asynchronous calls.
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

  write(content: T): void {
    if (!this.directoryMade) mkdirSync(dirname(this.path), { recursive: true });
    this.directoryMade = true;
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, JSON.stringify(content));
    renameSync(temporary, this.path);
  }
}
