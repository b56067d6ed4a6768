import { randomBytes, randomInt } from 'node:crypto';
import { waitFor } from '@eventcast/testing';
import { Annotation, AnnotationQuery, TimeSeriesStore } from '../src';
import { OpenStoreAt } from './time-series-rollups.contract';

const SECOND = 1_000_000;
const DAY = 86_400 * SECOND;

/**
 * The part of the `TimeSeriesStore` contract about annotations (docs/history.md, "Annotations"),
 * run by `describeTimeSeriesStoreContract`. Each test writes in a day of its own, far from the
 * others', and names controllers of its own, so tests that share a store do not see each other's.
 */
export function describeAnnotationContract(open: () => Promise<TimeSeriesStore>, openAt: OpenStoreAt): void {
  describe('annotations', () => {
    let store: TimeSeriesStore;
    let day: number;
    let controller: string;
    let other: string;

    beforeAll(async () => {
      store = await open();
    });

    afterAll(async () => {
      await store.close();
    });

    beforeEach(() => {
      day = Date.UTC(2001, 0, 1) * 1000 + randomInt(20_000) * DAY;
      controller = `fermenter_${randomBytes(4).toString('hex')}`;
      other = `${controller}_other`;
    });

    function annotation(at: number, fields: Partial<Annotation> = {}): Annotation {
      return {
        id: randomBytes(8).toString('hex'),
        ts: day + at * SECOND,
        kind: 'patched',
        controller,
        blocks: ['Beer setpoint'],
        detail: { changes: [], origin: { via: 'rest' } },
        ...fields,
      };
    }

    async function write(...annotations: Annotation[]): Promise<void> {
      await store.write(annotations.map((one, index) => ({ ts: day + index, values: new Map(), annotation: one })));
    }

    function query(fields: Partial<AnnotationQuery> = {}): AnnotationQuery {
      return { fromUs: day, toUs: day + DAY - 1, limit: 100, ...fields };
    }

    /** What `read` answers once it has `count` annotations: QuestDB makes a write readable a moment later. */
    function eventually(read: AnnotationQuery, count: number): Promise<Annotation[]> {
      return waitFor(`${count} annotations`, async () => {
        const found = await store.annotations(read);
        return found.length >= count && found;
      });
    }

    it('gives back each annotation as written, the earliest first', async () => {
      const change = annotation(20, {
        kind: 'backup loaded',
        blocks: ['Beer setpoint', 'Heater (left) | 2'],
        detail: {
          changes: [
            {
              id: 'Beer setpoint',
              type: 'SetpointSensorPair',
              change: 'changed',
              fields: [{ field: 'storedSetting', from: { value: 20, unit: 'degC' }, to: { value: 4, unit: 'degC' } }],
            },
          ],
          origin: { via: 'mqtt', by: "quick action 'Cold crash' — ünï 日本" },
        },
      });
      const note = annotation(10, {
        kind: 'note',
        controller: undefined,
        blocks: [],
        endTs: day + 3_600 * SECOND,
        detail: { text: 'Pitched the yeast; it\'s "US-05",\nnext line \\ done' },
      });
      const { controller: _none, ...unscoped } = note;
      await write(change, unscoped);
      await expect(eventually(query(), 2)).resolves.toEqual([unscoped, change]);
    });

    it('finds what touches the range: a span that began before it and ends in it counts', async () => {
      const before = annotation(-10);
      const inside = annotation(100);
      const after = annotation(3_600);
      const spanInto = annotation(-60, { kind: 'note', endTs: day + 150 * SECOND, detail: { text: 'into' } });
      const spanBefore = annotation(-60, { kind: 'note', endTs: day + 50 * SECOND, detail: { text: 'before' } });
      await write(before, inside, after, spanInto, spanBefore);
      await eventually(query({ fromUs: day - DAY }), 5);
      const found = await store.annotations(query({ fromUs: day + 60 * SECOND, toUs: day + 3_000 * SECOND }));
      expect(found.map((one) => one.id)).toEqual([spanInto.id, inside.id]);
    });

    it('reads only the kinds asked for', async () => {
      const patched = annotation(1);
      const started = annotation(2, { kind: 'started', blocks: [] });
      const note = annotation(3, { kind: 'note', detail: { text: 'x' } });
      await write(patched, started, note);
      await eventually(query(), 3);
      const found = await store.annotations(query({ kinds: ['started', 'note'] }));
      expect(found.map((one) => one.id)).toEqual([started.id, note.id]);
    });

    it("reads a block's annotations with those of its whole controller and of no controller, and no other block's", async () => {
      const ofBlock = annotation(1, { blocks: ['Beer'] });
      const ofBlockAmongOthers = annotation(2, { kind: 'backup loaded', blocks: ['Fridge', 'Beer', 'Heater'] });
      const ofLongerName = annotation(3, { blocks: ['Beer setpoint'] });
      const ofController = annotation(4, { kind: 'started', blocks: [] });
      const ofOtherController = annotation(5, { controller: other, blocks: ['Beer'] });
      const { controller: _none, ...ofNone } = annotation(6, { kind: 'note', blocks: [], detail: { text: 'x' } });
      await write(ofBlock, ofBlockAmongOthers, ofLongerName, ofController, ofOtherController, ofNone);
      await eventually(query(), 6);

      const ofBeer = await store.annotations(query({ scopes: [{ controller, block: 'Beer' }] }));
      expect(ofBeer.map((one) => one.id)).toEqual([ofBlock.id, ofBlockAmongOthers.id, ofController.id, ofNone.id]);
      const ofWhole = await store.annotations(query({ scopes: [{ controller: other }] }));
      expect(ofWhole.map((one) => one.id)).toEqual([ofOtherController.id, ofNone.id]);
      const ofBoth = await store.annotations(
        query({
          scopes: [
            { controller, block: 'Beer setpoint' },
            { controller: other, block: 'Beer' },
          ],
        }),
      );
      expect(ofBoth.map((one) => one.id)).toEqual([ofLongerName.id, ofController.id, ofOtherController.id, ofNone.id]);
    });

    it('reads at most the number asked for, the earliest first', async () => {
      const written = Array.from({ length: 7 }, (_, index) => annotation(60 - index * 5));
      await write(...written);
      await eventually(query(), 7);
      const found = await store.annotations(query({ limit: 3 }));
      expect(found.map((one) => one.ts)).toEqual([30, 35, 40].map((at) => day + at * SECOND));
    });

    it('stores every annotation of a large batch, each with a long detail, beside its values', async () => {
      const changes = Array.from({ length: 40 }, (_, index) => ({
        id: `Block ${index}`,
        type: 'Pid',
        change: 'changed' as const,
        fields: [{ field: 'kp', from: index, to: `"${'x'.repeat(200)}" \\ ${index}` }],
      }));
      const written = Array.from({ length: 300 }, (_, index) =>
        annotation(index, { kind: 'backup loaded', blocks: changes.map((change) => change.id), detail: { changes } }),
      );
      await store.write(
        written.map((one, index) => ({ ts: one.ts, values: new Map([[`${controller}/n`, index]]), annotation: one })),
      );
      const found = await eventually(query({ limit: 1_000 }), 300);
      expect(found).toEqual(written);
      await expect(store.values([`${controller}/n`], day, day + DAY, 1_000)).resolves.toHaveLength(300);
    });

    it('keeps one copy of an annotation written again, as a batch is after a failed write', async () => {
      const once = annotation(1);
      await write(once);
      await write(once);
      await eventually(query(), 1);
      await store.write([{ ts: day + 5, values: new Map([[`${controller}/Beer/value`, 1]]) }]);
      await waitFor(
        'the later value readable',
        async () => (await store.values([`${controller}/Beer/value`], day, day + DAY, 10)).length === 1,
      );
      await expect(store.annotations(query())).resolves.toEqual([once]);
    });

    it('drops annotations a whole day at a time once older than the raw values', async () => {
      const place = `annotations_${randomBytes(4).toString('hex')}`;
      const nowUs = Date.now() * 1000;
      day = Math.floor((nowUs - 5 * DAY) / DAY) * DAY;
      const old = annotation(3_600);
      const recent = { ...annotation(0), ts: nowUs };
      const retained = await openAt(place, { rawUs: 2 * DAY, rollupUs: 4 * DAY });
      try {
        await retained.write([{ ts: old.ts, values: new Map([[`${controller}/v`, 1]]), annotation: old }]);
        await retained.write([{ ts: nowUs, values: new Map([[`${controller}/v`, 2]]), annotation: recent }]);
        const everything = query({ fromUs: day, toUs: nowUs });
        await retained.maintain(Date.now() * 1000);
        await waitFor(
          'the old annotation dropped',
          async () => {
            await retained.maintain(Date.now() * 1000);
            const found = await retained.annotations(everything);
            return found.length === 1 && found[0].id === recent.id;
          },
          60_000,
        );
      } finally {
        await retained.close();
      }
    }, 90_000);
  });
}
