import { crc32 } from 'node:zlib';

/**
 * One spooled history event on disk: a 16-byte header (payload length, CRC-32 of receive time and
 * payload, receive time in microseconds as a double), then the payload as the broker delivered it.
 * The checksum finds a record torn by a crash in the middle of its write.
 */
export const RECORD_HEADER_BYTES = 16;
const LENGTH_AT = 0;
const CHECKSUM_AT = 4;
const TS_AT = 8;

export interface SpoolRecord {
  /** Receive time in microseconds since the epoch. */
  readonly ts: number;
  readonly payload: Buffer;
}

/** A record read at some offset: the record and its size, or the reason none could be read there. */
export type RecordReading =
  { readonly record: SpoolRecord; readonly bytes: number } | { readonly problem: 'incomplete' | 'corrupt' };

/** The header of a record; written with the payload in one `writev`, so the payload is not copied. */
export function recordHeader(ts: number, payload: Buffer): Buffer {
  const header = Buffer.allocUnsafe(RECORD_HEADER_BYTES);
  header.writeUInt32LE(payload.length, LENGTH_AT);
  header.writeDoubleLE(ts, TS_AT);
  header.writeUInt32LE(crc32(payload, crc32(header.subarray(TS_AT))), CHECKSUM_AT);
  return header;
}

/** Reads the record that starts at `offset` of `buffer`, which holds bytes of a segment. */
export function readRecord(buffer: Buffer, offset: number): RecordReading {
  if (buffer.length - offset < RECORD_HEADER_BYTES) return { problem: 'incomplete' };
  const length = buffer.readUInt32LE(offset + LENGTH_AT);
  const start = offset + RECORD_HEADER_BYTES;
  if (buffer.length - start < length) return { problem: 'incomplete' };
  const payload = buffer.subarray(start, start + length);
  const checksum = crc32(payload, crc32(buffer.subarray(offset + TS_AT, start)));
  if (checksum !== buffer.readUInt32LE(offset + CHECKSUM_AT)) return { problem: 'corrupt' };
  return { record: { ts: buffer.readDoubleLE(offset + TS_AT), payload }, bytes: RECORD_HEADER_BYTES + length };
}
