import { randomBytes } from 'node:crypto';
import type { DatastoreDocument } from '@eventcast/domain';
import { DocumentStore } from '../src/app/ports/document-store.port';

/**
 * The behaviour every `DocumentStore` adapter owes the service; run once per adapter. `open` gives
 * a new handle onto the same data each time it is called.
 */
export function documentStoreContract(name: string, open: () => Promise<DocumentStore>) {
  describe(`${name} as a DocumentStore`, () => {
    let store: DocumentStore;
    // A namespace of each test's own, so runs against a shared server never meet.
    let ns: string;
    const doc = (namespace: string, id: string, extra: Record<string, unknown> = {}): DatastoreDocument => ({
      namespace,
      id,
      ...extra,
    });

    beforeAll(async () => {
      store = await open();
    });

    afterAll(async () => {
      await store.close();
    });

    beforeEach(() => {
      ns = `contract-${randomBytes(4).toString('hex')}`;
    });

    it('gives back a stored document exactly, free fields and their order included', async () => {
      const document = { namespace: ns, id: 'units', temperature: 'degF', nested: { z: 1, a: [true, null, 'x'] } };
      await store.setAll([document]);
      const read = await store.get(ns, 'units');
      expect(read).toEqual(document);
      expect(JSON.stringify(read)).toBe(JSON.stringify(document));
    });

    it('answers null for a document that does not exist', async () => {
      await expect(store.get(ns, 'missing')).resolves.toBeNull();
    });

    it('keeps documents of the empty namespace apart from those of a namespace', async () => {
      const id = `bare-${randomBytes(4).toString('hex')}`;
      await store.setAll([doc('', id, { v: 1 }), doc(ns, id, { v: 2 })]);
      await expect(store.get('', id)).resolves.toEqual(doc('', id, { v: 1 }));
      await expect(store.get(ns, id)).resolves.toEqual(doc(ns, id, { v: 2 }));
      await store.deleteAll({ namespace: '', ids: [id] });
    });

    it('reports as changed only documents whose content differs from what is stored', async () => {
      const first = await store.setAll([doc(ns, 'a', { v: 1 }), doc(ns, 'b', { v: 1 })]);
      expect(first.map((d) => d.id)).toEqual(['a', 'b']);
      const second = await store.setAll([doc(ns, 'a', { v: 1 }), doc(ns, 'b', { v: 2 })]);
      expect(second).toEqual([doc(ns, 'b', { v: 2 })]);
      await expect(store.setAll([doc(ns, 'a', { v: 1 })])).resolves.toEqual([]);
    });

    it('lets the later of two documents with the same key win', async () => {
      await expect(store.setAll([doc(ns, 'a', { v: 1 }), doc(ns, 'a', { v: 2 })])).resolves.toEqual([
        doc(ns, 'a', { v: 2 }),
      ]);
      await expect(store.get(ns, 'a')).resolves.toEqual(doc(ns, 'a', { v: 2 }));
      await expect(store.setAll([doc(ns, 'a', { v: 3 }), doc(ns, 'a', { v: 2 })])).resolves.toEqual([]);
    });

    it('treats the same fields in another order as a change, since the stored text differs', async () => {
      await store.setAll([{ namespace: ns, id: 'a', x: 1, y: 2 }]);
      await expect(store.setAll([{ namespace: ns, id: 'a', y: 2, x: 1 }])).resolves.toHaveLength(1);
      expect(Object.keys((await store.get(ns, 'a')) ?? {})).toEqual(['namespace', 'id', 'y', 'x']);
    });

    it('lets a reader on another connection see all or none of a multi-document write, never a part', async () => {
      const reader = await open();
      const batch = (version: number) =>
        Array.from({ length: 300 }, (_, i) => doc(ns, `d${String(i).padStart(3, '0')}`, { version }));
      try {
        await store.setAll(batch(0));
        let writing = true;
        const writes = Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((version) => store.setAll(batch(version)))).finally(
          () => (writing = false),
        );
        do {
          const documents = await reader.find({ namespace: ns });
          expect(documents).toHaveLength(300);
          const versions = new Set(documents.map((d) => d.version));
          expect(versions.size).toBe(1);
          // Reads arrive as events of their own, as requests do, not in one unbroken chain of promises.
          await new Promise((resolve) => setImmediate(resolve));
        } while (writing);
        await writes;
        await expect(reader.find({ namespace: ns, ids: ['d000', 'd299'] })).resolves.toEqual([
          doc(ns, 'd000', { version: 8 }),
          doc(ns, 'd299', { version: 8 }),
        ]);
      } finally {
        await reader.close();
      }
    });

    it('applies concurrent calls in the order they were made, each seeing the ones before it', async () => {
      const [first, again, deleted, recreated] = await Promise.all([
        store.setAll([doc(ns, 'a', { v: 1 })]),
        store.setAll([doc(ns, 'a', { v: 1 })]),
        store.deleteAll({ namespace: ns, ids: ['a'] }),
        store.setAll([doc(ns, 'a', { v: 2 })]),
      ]);
      expect({ first, again, deleted, recreated }).toEqual({
        first: [doc(ns, 'a', { v: 1 })],
        again: [],
        deleted: ['a'],
        recreated: [doc(ns, 'a', { v: 2 })],
      });
      await expect(store.get(ns, 'a')).resolves.toEqual(doc(ns, 'a', { v: 2 }));
    });

    it('writes nothing of a call that fails part-way, and lets the calls beside it succeed', async () => {
      // A BigInt cannot be written as JSON: the second document fails after the first was taken.
      const failing = store.setAll([doc(ns, 'first'), doc(ns, 'broken', { n: BigInt(1) })]);
      const beside = store.setAll([doc(ns, 'beside')]);
      await expect(failing).rejects.toThrow(TypeError);
      await expect(beside).resolves.toEqual([doc(ns, 'beside')]);
      await expect(store.find({ namespace: ns })).resolves.toEqual([doc(ns, 'beside')]);
    });

    it('finds the documents of exactly the namespace asked for, sorted by id, without sub-namespaces', async () => {
      await store.setAll([doc(ns, 'b'), doc(ns, 'a'), doc(`${ns}:sub`, 'c'), doc(`${ns}x`, 'd')]);
      await expect(store.find({ namespace: ns })).resolves.toEqual([doc(ns, 'a'), doc(ns, 'b')]);
      await expect(store.find({ namespace: `${ns}:sub` })).resolves.toEqual([doc(`${ns}:sub`, 'c')]);
    });

    it('finds ids first in the order given, then filter matches sorted by id, each once', async () => {
      await store.setAll(['x-1', 'x-2', 'x-10', 'y', 'z'].map((id) => doc(ns, id)));
      const found = await store.find({ namespace: ns, ids: ['z', 'missing', 'x-2', 'z'], filter: 'x-*' });
      expect(found.map((d) => d.id)).toEqual(['z', 'x-2', 'x-1', 'x-10']);
    });

    it('matches a filter as a glob with ?, sets and escapes', async () => {
      await store.setAll(['a1', 'a2', 'a10', 'b1', 'a*'].map((id) => doc(ns, id)));
      const ids = async (filter: string) => (await store.find({ namespace: ns, filter })).map((d) => d.id);
      await expect(ids('a?')).resolves.toEqual(['a*', 'a1', 'a2']);
      await expect(ids('[ab]1')).resolves.toEqual(['a1', 'b1']);
      await expect(ids('a[!1]')).resolves.toEqual(['a*', 'a2']);
      await expect(ids('a\\*')).resolves.toEqual(['a*']);
    });

    it('matches reversed ranges, members that look like syntax, and malformed sets the same way', async () => {
      await store.setAll(['x-1', 'x-2', 'x-3', 'x.1', 'y'].map((id) => doc(ns, id)));
      const ids = async (filter: string) => (await store.find({ namespace: ns, filter })).map((d) => d.id);
      await expect(ids('x-[3-2]')).resolves.toEqual(['x-2', 'x-3']);
      await expect(ids('x[.-]1')).resolves.toEqual(['x-1', 'x.1']);
      await expect(ids('[!x]')).resolves.toEqual(['y']);
      await expect(ids('x-[1')).resolves.toEqual([]);
      await expect(ids('(x|y)')).resolves.toEqual([]);
      await expect(ids('')).resolves.toEqual([]);
    });

    it('finds nothing for an empty id list and no filter', async () => {
      await store.setAll([doc(ns, 'a')]);
      await expect(store.find({ namespace: ns, ids: [] })).resolves.toEqual([]);
    });

    it('deletes the selected documents and reports the ids that existed', async () => {
      await store.setAll(['a1', 'a2', 'b1', 'keep'].map((id) => doc(ns, id)));
      await expect(store.deleteAll({ namespace: ns, ids: ['b1', 'missing'], filter: 'a*' })).resolves.toEqual([
        'b1',
        'a1',
        'a2',
      ]);
      await expect(store.find({ namespace: ns })).resolves.toEqual([doc(ns, 'keep')]);
      await expect(store.deleteAll({ namespace: ns, ids: ['b1'] })).resolves.toEqual([]);
    });

    it('deletes nothing when neither ids nor filter are given', async () => {
      await store.setAll([doc(ns, 'a')]);
      await expect(store.deleteAll({ namespace: ns })).resolves.toEqual([]);
      await expect(store.get(ns, 'a')).resolves.toEqual(doc(ns, 'a'));
    });

    it('takes ids that look like object internals as plain ids', async () => {
      await store.setAll([doc(ns, '__proto__', { v: 1 }), doc(ns, 'constructor', { v: 2 })]);
      await expect(store.find({ namespace: ns, filter: '*' })).resolves.toEqual([
        doc(ns, '__proto__', { v: 1 }),
        doc(ns, 'constructor', { v: 2 }),
      ]);
      await expect(store.find({ namespace: ns, ids: ['toString'] })).resolves.toEqual([]);
    });

    it('keeps Unicode ids and namespaces apart and intact', async () => {
      await store.setAll([doc(`${ns}:température`, 'cave', { t: 12 })]);
      await expect(store.find({ namespace: `${ns}:température`, filter: 'c*' })).resolves.toEqual([
        doc(`${ns}:température`, 'cave', { t: 12 }),
      ]);
    });

    it('lists no namespace under a prefix nothing holds', async () => {
      await expect(store.namespaces(ns)).resolves.toEqual([]);
    });

    it('lists nested namespaces each on its own with their counts, sorted, under a prefix taken as text', async () => {
      await store.setAll([
        doc(`${ns}:b`, 'x'),
        doc(ns, '1'),
        doc(ns, '2'),
        doc(`${ns}:a:deep`, 'y'),
        doc(`${ns}x`, 'z'),
        doc(`${ns}:b`, 'w'),
      ]);
      await expect(store.namespaces(ns)).resolves.toEqual([
        { namespace: ns, count: 2 },
        { namespace: `${ns}:a:deep`, count: 1 },
        { namespace: `${ns}:b`, count: 2 },
        { namespace: `${ns}x`, count: 1 },
      ]);
      await expect(store.namespaces(`${ns}:`)).resolves.toEqual([
        { namespace: `${ns}:a:deep`, count: 1 },
        { namespace: `${ns}:b`, count: 2 },
      ]);
    });

    it('counts what is left after deletes, and drops a namespace once it is empty', async () => {
      await store.setAll([doc(ns, 'a'), doc(ns, 'b'), doc(ns, 'c'), doc(`${ns}:sub`, 'd')]);
      await store.deleteAll({ namespace: ns, ids: ['a'] });
      await store.deleteAll({ namespace: `${ns}:sub`, filter: '*' });
      await expect(store.namespaces(ns)).resolves.toEqual([{ namespace: ns, count: 2 }]);
      await store.deleteAll({ namespace: ns, filter: '*' });
      await expect(store.namespaces(ns)).resolves.toEqual([]);
    });

    it('lists the empty namespace as "" among all namespaces when it holds documents', async () => {
      const id = `bare-${randomBytes(4).toString('hex')}`;
      await store.setAll([doc('', id), doc(`${ns}:température`, 'cave')]);
      try {
        const all = await store.namespaces('');
        expect(all[0]).toEqual({ namespace: '', count: expect.any(Number) });
        expect(all).toContainEqual({ namespace: `${ns}:température`, count: 1 });
        const names = all.map((entry) => entry.namespace);
        expect(names).toEqual([...names].sort());
      } finally {
        await store.deleteAll({ namespace: '', ids: [id] });
      }
    });

    it('answers ping while it is reachable', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
