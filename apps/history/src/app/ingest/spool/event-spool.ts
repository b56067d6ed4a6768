import {
  closeSync,
  fdatasyncSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writevSync,
} from 'node:fs';
import { join } from 'node:path';
import { readRecord, recordHeader, SpoolRecord } from './spool-record';

/** A place in the spool: a segment and a byte offset in it. */
export interface SpoolPosition {
  readonly segment: number;
  readonly offset: number;
}

/** A record read back from the spool, with where it starts and where the next one starts. */
export interface SpooledRecord extends SpoolRecord {
  readonly start: SpoolPosition;
  readonly end: SpoolPosition;
}

export interface EventSpoolOptions {
  /** A segment file is closed and a new one begun once it holds this many bytes. */
  segmentBytes: number;
  /** The spool takes no record that would make its files larger than this (0: the disk is the limit). */
  maxBytes: number;
  /** Appended records are put on the disk this often; with 0, before `append` returns. */
  syncEveryMs: number;
  /** Told of the bytes of a torn or damaged record that reading skipped. */
  onSkipped?: (segment: string, offset: number, bytes: number) => void;
}

/** The spool refused a record because its disk, or its size limit, is full; nothing of the record was kept. */
export class SpoolFullError extends Error {}

const SEGMENT_SUFFIX = '.spool';
const CHECKPOINT_FILE = 'checkpoint.json';
const READ_CHUNK_BYTES = 1 << 20;

const segmentName = (segment: number) => `${String(segment).padStart(16, '0')}${SEGMENT_SUFFIX}`;
const isBefore = (a: SpoolPosition, b: SpoolPosition) =>
  a.segment < b.segment || (a.segment === b.segment && a.offset < b.offset);

/**
 * An append-only log of received history events in a folder of segment files. A record is in the
 * kernel when `append` returns, so it survives a kill of the process; `sync` puts it on the disk.
 * `release` notes that everything before a position is stored, in a checkpoint file, and deletes
 * the segments wholly before it. After a restart, `start` is where the stored events end.
 */
export class EventSpool {
  private readonly segments: number[];
  private fd: number;
  private size = 0;
  private dirty = false;
  private closed = false;
  /** Bytes of the segments before the current one. */
  private olderBytes: number;
  private checkpoint: SpoolPosition;
  private readonly syncTimer?: NodeJS.Timeout;

  private constructor(
    private readonly folder: string,
    private readonly options: EventSpoolOptions,
  ) {
    mkdirSync(folder, { recursive: true });
    const saved = this.readCheckpoint();
    const found = readdirSync(folder)
      .filter((name) => name.endsWith(SEGMENT_SUFFIX))
      .map((name) => Number(name.slice(0, -SEGMENT_SUFFIX.length)))
      .filter(Number.isSafeInteger)
      .sort((a, b) => a - b);
    const next = Math.max(saved.segment, ...found) + 1;
    this.segments = found.filter((segment) => !this.removeIfReleased(segment, saved));
    this.checkpoint = this.segments[0] === saved.segment ? saved : { segment: this.segments[0] ?? next, offset: 0 };
    this.olderBytes = this.segments.reduce((sum, segment) => sum + this.segmentSize(segment), 0);
    this.segments.push(next);
    this.fd = openSync(join(folder, segmentName(next)), 'a+');
    if (options.syncEveryMs > 0) this.syncTimer = setInterval(() => this.sync(), options.syncEveryMs).unref();
  }

  /** Opens the spool in `folder` (made when missing); new records go to a new segment. */
  static open(folder: string, options: EventSpoolOptions): EventSpool {
    return new EventSpool(folder, options);
  }

  /** Where the next record will start. */
  get end(): SpoolPosition {
    return { segment: this.segments[this.segments.length - 1], offset: this.size };
  }

  /** Where the records not yet released start. */
  get start(): SpoolPosition {
    return this.checkpoint;
  }

  /** Bytes of the segment files on disk. */
  get bytes(): number {
    return this.olderBytes + this.size;
  }

  /** Appends one record and answers where it ends; throws `SpoolFullError` (keeping nothing of it) when it does not fit. */
  append(ts: number, payload: Buffer): SpoolPosition {
    if (this.closed) throw new Error('the spool is closed');
    const header = recordHeader(ts, payload);
    const length = header.length + payload.length;
    if (this.options.maxBytes > 0 && this.bytes + length > this.options.maxBytes) {
      throw new SpoolFullError(`the spool holds ${this.bytes} bytes and may hold at most ${this.options.maxBytes}`);
    }
    this.writeWhole([header, payload], length);
    this.size += length;
    this.dirty = true;
    if (this.options.syncEveryMs === 0) this.sync();
    const end = this.end;
    if (this.size >= this.options.segmentBytes) this.beginSegment();
    return end;
  }

  /** Puts what was appended on the disk. */
  sync(): void {
    if (!this.dirty || this.closed) return;
    fdatasyncSync(this.fd);
    this.dirty = false;
  }

  /** The records from `from` to the end, in order; a torn or damaged record ends its segment. */
  *read(from: SpoolPosition): Generator<SpooledRecord> {
    for (const segment of this.segments) {
      if (segment < from.segment) continue;
      yield* this.readSegment(segment, segment === from.segment ? from.offset : 0);
    }
  }

  /** Notes that the records before `upTo` are stored: they are not read again after a restart. */
  release(upTo: SpoolPosition): void {
    if (!isBefore(this.checkpoint, upTo)) return;
    this.checkpoint = upTo;
    const file = join(this.folder, CHECKPOINT_FILE);
    try {
      writeFileSync(`${file}.tmp`, JSON.stringify(upTo), { flush: true });
      renameSync(`${file}.tmp`, file);
    } catch {
      // A checkpoint left behind only means more records are read, and written again, after a restart.
    }
    while (this.segments.length > 1) {
      const [oldest] = this.segments;
      const bytes = this.segmentSize(oldest);
      if (!this.removeIfReleased(oldest, upTo)) break;
      this.segments.shift();
      this.olderBytes -= bytes;
    }
  }

  close(): void {
    if (this.closed) return;
    clearInterval(this.syncTimer);
    this.sync();
    closeSync(this.fd);
    this.closed = true;
  }

  private writeWhole(buffers: Buffer[], length: number): void {
    let written = 0;
    try {
      while (written < length) {
        const done = writevSync(this.fd, written === 0 ? buffers : [Buffer.concat(buffers).subarray(written)]);
        if (done === 0) throw Object.assign(new Error('nothing written'), { code: 'ENOSPC' });
        written += done;
      }
    } catch (error) {
      if (written > 0) ftruncateSync(this.fd, this.size);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC' || code === 'EDQUOT') {
        throw new SpoolFullError(`no space left on the disk of ${this.folder}`);
      }
      throw error;
    }
  }

  private beginSegment(): void {
    this.sync();
    closeSync(this.fd);
    this.olderBytes += this.size;
    const next = this.end.segment + 1;
    this.fd = openSync(join(this.folder, segmentName(next)), 'a+');
    this.segments.push(next);
    this.size = 0;
  }

  private *readSegment(segment: number, from: number): Generator<SpooledRecord> {
    const current = segment === this.end.segment;
    const fd = current ? this.fd : openSync(join(this.folder, segmentName(segment)), 'r');
    try {
      const fileBytes = current ? this.size : fstatSync(fd).size;
      let chunk = Buffer.alloc(0);
      let chunkAt = from;
      let offset = from;
      while (offset < fileBytes) {
        const reading = readRecord(chunk, offset - chunkAt);
        if ('record' in reading) {
          const start = { segment, offset };
          offset += reading.bytes;
          yield { ...reading.record, start, end: { segment, offset } };
        } else if (reading.problem === 'incomplete' && chunkAt + chunk.length < fileBytes) {
          chunk = Buffer.concat([
            chunk.subarray(offset - chunkAt),
            this.readChunk(fd, chunkAt + chunk.length, fileBytes),
          ]);
          chunkAt = offset;
        } else {
          this.options.onSkipped?.(segmentName(segment), offset, fileBytes - offset);
          return;
        }
      }
    } finally {
      if (!current) closeSync(fd);
    }
  }

  private readChunk(fd: number, position: number, fileBytes: number): Buffer {
    const chunk = Buffer.allocUnsafe(Math.min(READ_CHUNK_BYTES, fileBytes - position));
    const read = readSync(fd, chunk, 0, chunk.length, position);
    return chunk.subarray(0, read);
  }

  private readCheckpoint(): SpoolPosition {
    try {
      const saved = JSON.parse(readFileSync(join(this.folder, CHECKPOINT_FILE), 'utf8')) as Partial<SpoolPosition>;
      if (Number.isSafeInteger(saved.segment) && Number.isSafeInteger(saved.offset)) return saved as SpoolPosition;
    } catch {
      // No checkpoint (a new spool) or an unreadable one: read from the first segment.
    }
    return { segment: 0, offset: 0 };
  }

  private segmentSize(segment: number): number {
    return statSync(join(this.folder, segmentName(segment))).size;
  }

  /** Deletes `segment` when every record in it lies before `checkpoint`; answers whether it did. */
  private removeIfReleased(segment: number, checkpoint: SpoolPosition): boolean {
    const released =
      segment < checkpoint.segment ||
      (segment === checkpoint.segment && this.segmentSize(segment) <= checkpoint.offset);
    if (released) rmSync(join(this.folder, segmentName(segment)), { force: true });
    return released;
  }
}
