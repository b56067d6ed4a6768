import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';

/**
 * A JSON file written atomically and durably: the content goes to `<path>.tmp`, which is fsynced
 * and renamed over the file; the folder is then fsynced so the rename itself survives a power cut.
 * A crash leaves the previous content or the new one, never a mix. Writes are synchronous: the file
 * is small, and one write a batch of changes costs less than the thread-pool round trips of
 * asynchronous calls (write-file-atomic, which does the same with more steps, took twice as long a
 * write: docs/controller.md).
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
    const temporary = `${this.path}.tmp`;
    withDescriptor(openSync(temporary, 'w'), (descriptor) => {
      writeFileSync(descriptor, JSON.stringify(content));
      fsyncSync(descriptor);
    });
    renameSync(temporary, this.path);
    withDescriptor(openSync(directory, 'r'), fsyncSync);
  }
}

function withDescriptor(descriptor: number, use: (descriptor: number) => void): void {
  try {
    use(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
