import type { DatastoreDocument } from '@eventcast/domain';
import { Datastore } from '../src/app/ports/datastore.port';

/**
 * What every `Datastore` promises the controller, as docs/datastore.md states it for the datastore
 * service: run against the client of the real service and against the in-memory fake the unit
 * specs use, so the fake cannot drift from the service it stands for.
 *
 * `open` gives a datastore and a namespace of its own for one test (a real datastore keeps the
 * documents of earlier tests).
 */
export function describeDatastoreContract(
  adapter: string,
  open: () => Promise<{ datastore: Datastore; namespace: string }>,
): void {
  describe(`the Datastore contract on ${adapter}`, () => {
    let datastore: Datastore;
    let namespace: string;
    const doc = (id: string, fields: Record<string, unknown> = {}): DatastoreDocument => ({ namespace, id, ...fields });
    const ids = (documents: DatastoreDocument[]) => documents.map((document) => document.id);

    beforeEach(async () => {
      ({ datastore, namespace } = await open());
    });

    it('answers null for a document that does not exist', async () => {
      await expect(datastore.get(namespace, 'absent')).resolves.toBeNull();
    });

    it('stores documents all at once and gives them back as stored', async () => {
      const stored = await datastore.mset([doc('a', { setting: 1 }), doc('b', { nested: { list: [1, 'x'] } })]);
      expect(stored).toEqual([doc('a', { setting: 1 }), doc('b', { nested: { list: [1, 'x'] } })]);
      await expect(datastore.get(namespace, 'b')).resolves.toEqual(doc('b', { nested: { list: [1, 'x'] } }));
    });

    it('replaces a document as a whole, dropping the fields the new one lacks', async () => {
      await datastore.mset([doc('a', { setting: 1, extra: true })]);
      await datastore.mset([doc('a', { setting: 2 })]);
      await expect(datastore.get(namespace, 'a')).resolves.toEqual(doc('a', { setting: 2 }));
    });

    it('keeps what it stored when the caller later changes the object it passed', async () => {
      const document = doc('a', { list: [1] });
      await datastore.mset([document]);
      (document.list as number[]).push(2);
      await expect(datastore.get(namespace, 'a')).resolves.toEqual(doc('a', { list: [1] }));
    });

    it('answers the ids that exist in the order given, each once', async () => {
      await datastore.mset([doc('a'), doc('b'), doc('c')]);
      expect(ids(await datastore.mget(namespace, { ids: ['c', 'absent', 'a', 'c'] }))).toEqual(['c', 'a']);
    });

    it('answers the matches of a glob filter sorted by id, after the ids asked for, each once', async () => {
      await datastore.mset([doc('tilt-2'), doc('tilt-1'), doc('pid'), doc('tilt-10')]);
      expect(ids(await datastore.mget(namespace, { filter: 'tilt-?' }))).toEqual(['tilt-1', 'tilt-2']);
      expect(ids(await datastore.mget(namespace, { ids: ['pid', 'tilt-2'], filter: 'tilt-*' }))).toEqual([
        'pid',
        'tilt-2',
        'tilt-1',
        'tilt-10',
      ]);
      expect(ids(await datastore.mget(namespace, { filter: 'tilt-[!1]' }))).toEqual(['tilt-2']);
    });

    it('answers every document of exactly the namespace, sorted by id, when nothing is selected', async () => {
      await datastore.mset([doc('b'), doc('a'), { namespace: `${namespace}:child`, id: 'c' }]);
      expect(ids(await datastore.mget(namespace))).toEqual(['a', 'b']);
    });

    it('deletes what ids and a filter select and counts what existed', async () => {
      await datastore.mset([doc('a'), doc('b'), doc('tilt-1'), doc('tilt-2')]);
      await expect(datastore.mdelete(namespace, { ids: ['a', 'absent'], filter: 'tilt-*' })).resolves.toBe(3);
      expect(ids(await datastore.mget(namespace))).toEqual(['b']);
    });

    it('deletes nothing when neither ids nor a filter is given', async () => {
      await datastore.mset([doc('a')]);
      await expect(datastore.mdelete(namespace, {})).resolves.toBe(0);
      expect(ids(await datastore.mget(namespace))).toEqual(['a']);
    });

    it('answers its check while it is reachable', async () => {
      await expect(datastore.check()).resolves.toBeUndefined();
    });
  });
}
