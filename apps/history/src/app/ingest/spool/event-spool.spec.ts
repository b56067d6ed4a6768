import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventSpool, EventSpoolOptions, SpoolFullError, SpoolPosition } from './event-spool';

describe(EventSpool.name, () => {
  let folder: string;
  let skipped: [string, number, number][];

  const open = (options: Partial<EventSpoolOptions> = {}) =>
    EventSpool.open(folder, {
      segmentBytes: 1 << 20,
      maxBytes: 0,
      syncEveryMs: 0,
      onSkipped: (...args) => skipped.push(args),
      ...options,
    });
  const readAll = (spool: EventSpool, from: SpoolPosition = spool.start) =>
    [...spool.read(from)].map((record) => [record.ts, record.payload.toString()]);
  const segmentFiles = () => readdirSync(folder).filter((name) => name.endsWith('.spool'));

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'spool-'));
    skipped = [];
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('reads back what was appended, in order, with each receive time', () => {
    const spool = open();
    spool.append(1_700_000_000_000_001, Buffer.from('{"key":"a"}'));
    spool.append(1_700_000_000_000_002, Buffer.from('{"key":"b"}'));
    expect(readAll(spool)).toEqual([
      [1_700_000_000_000_001, '{"key":"a"}'],
      [1_700_000_000_000_002, '{"key":"b"}'],
    ]);
  });

  it('reads from the end of a record on', () => {
    const spool = open();
    const first = spool.append(1, Buffer.from('one'));
    spool.append(2, Buffer.from('two'));
    expect(readAll(spool, first)).toEqual([[2, 'two']]);
  });

  it('gives the records not released back after a restart, and not the released ones', () => {
    const spool = open();
    const first = spool.append(1, Buffer.from('one'));
    spool.append(2, Buffer.from('two'));
    spool.release(first);
    spool.close();

    const reopened = open();
    expect(readAll(reopened)).toEqual([[2, 'two']]);
    reopened.append(3, Buffer.from('three'));
    expect(readAll(reopened)).toEqual([
      [2, 'two'],
      [3, 'three'],
    ]);
  });

  it('gives nothing back after a restart once everything was released', () => {
    const spool = open();
    spool.release(spool.append(1, Buffer.from('one')));
    spool.close();
    expect(readAll(open())).toEqual([]);
  });

  it('begins a new segment when one is full, and deletes the segments wholly released', () => {
    const spool = open({ segmentBytes: 50 });
    const payload = Buffer.alloc(60, 'x');
    const ends = [1, 2, 3, 4].map((ts) => spool.append(ts, payload));
    expect(segmentFiles()).toHaveLength(5);
    expect(readAll(spool).map(([ts]) => ts)).toEqual([1, 2, 3, 4]);
    const before = spool.bytes;

    spool.release(ends[2]);
    expect(readAll(spool).map(([ts]) => ts)).toEqual([4]);
    expect(spool.bytes).toBe(before - 3 * 76);
    expect(segmentFiles()).toHaveLength(2);
  });

  it('skips a record torn by a crash in the middle of its write, and reads the next segments', () => {
    const spool = open();
    spool.append(1, Buffer.from('whole'));
    spool.close();
    const [segment] = segmentFiles();
    appendFileSync(join(folder, segment), Buffer.from([9, 0, 0, 0, 1, 2]));

    const reopened = open();
    reopened.append(2, Buffer.from('after'));
    expect(readAll(reopened)).toEqual([
      [1, 'whole'],
      [2, 'after'],
    ]);
    expect(skipped).toEqual([[segment, 21, 6]]);
  });

  it('skips a damaged record and the rest of its segment', () => {
    const spool = open();
    spool.append(1, Buffer.from('first'));
    spool.append(2, Buffer.from('second'));
    spool.close();
    const file = join(folder, segmentFiles()[0]);
    const bytes = readFileSync(file);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(file, bytes);

    expect(readAll(open())).toEqual([[1, 'first']]);
    expect(skipped).toHaveLength(1);
  });

  it('refuses a record beyond its size limit, keeps nothing of it, and takes records again once space is released', () => {
    const spool = open({ maxBytes: 100 });
    const first = spool.append(1, Buffer.alloc(50));
    expect(() => spool.append(2, Buffer.alloc(50))).toThrow(SpoolFullError);
    expect(spool.bytes).toBe(66);

    spool.release(first);
    spool.close();
    const reopened = open({ maxBytes: 100 });
    expect(reopened.bytes).toBe(0);
    reopened.append(3, Buffer.alloc(50));
    expect(readAll(reopened).map(([ts]) => ts)).toEqual([3]);
  });

  it('reads a checkpoint that names a segment deleted meanwhile from the next segment on', () => {
    const spool = open({ segmentBytes: 10 });
    spool.append(1, Buffer.from('one'));
    spool.append(2, Buffer.from('two'));
    spool.close();
    writeFileSync(join(folder, 'checkpoint.json'), JSON.stringify({ segment: 0, offset: 5 }));
    rmSync(join(folder, segmentFiles()[0]));

    expect(readAll(open()).map(([ts]) => ts)).toEqual([2]);
  });
});
