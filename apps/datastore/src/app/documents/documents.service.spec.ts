import { datastoreTopic } from '@eventcast/domain';
import { RecordingEventPublisher } from '@eventcast/messaging/testing';
import { InMemoryDocumentStore } from '../../../test/fakes/in-memory-document-store';
import { MAX_NAMESPACES_PER_CALL } from './document-limits';
import { DocumentsService } from './documents.service';

describe(DocumentsService.name, () => {
  let store: InMemoryDocumentStore;
  let publisher: RecordingEventPublisher;
  let documents: DocumentsService;

  beforeEach(() => {
    store = new InMemoryDocumentStore();
    publisher = new RecordingEventPublisher();
    documents = new DocumentsService(store, publisher);
  });

  it('stores documents, answers them back, and reads null for one that does not exist', async () => {
    const units = { namespace: 'svc-global', id: 'units', temperature: 'degF' };
    await expect(documents.setAll([units])).resolves.toEqual([units]);
    await expect(documents.get('svc-global', 'units')).resolves.toEqual(units);
    await expect(documents.get('svc-global', 'missing')).resolves.toBeNull();
  });

  it('counts the documents it read, wrote and deleted, for the metrics', async () => {
    await documents.setAll(['a', 'b', 'c'].map((id) => ({ namespace: 'n', id })));
    await documents.get('n', 'a');
    await documents.get('n', 'missing');
    await documents.find({ namespace: 'n', filter: '*' });
    await documents.deleteAll({ namespace: 'n', ids: ['a', 'missing'] });
    expect(documents.stats).toEqual({ written: 3, read: 4, deleted: 1 });
  });

  it('finds the selected documents of one namespace', async () => {
    await documents.setAll(['b', 'a', 'c'].map((id) => ({ namespace: 'n', id })));
    await expect(documents.find({ namespace: 'n', ids: ['c'], filter: '[ab]' })).resolves.toEqual(
      ['c', 'a', 'b'].map((id) => ({ namespace: 'n', id })),
    );
  });

  it('lists the first namespaces in order and says when more matched than an answer holds', async () => {
    const names = Array.from({ length: MAX_NAMESPACES_PER_CALL + 1 }, (_, i) => `ns-${String(i).padStart(5, '0')}`);
    await documents.setAll(names.map((namespace) => ({ namespace, id: 'a' })));
    const all = await documents.namespaces();
    expect(all.truncated).toBe(true);
    expect(all.namespaces.map((entry) => entry.namespace)).toEqual(names.slice(0, MAX_NAMESPACES_PER_CALL));
    await expect(documents.namespaces('ns-1000')).resolves.toEqual({
      namespaces: [{ namespace: 'ns-10000', count: 1 }],
      truncated: false,
    });
  });

  it('announces the changed documents once per top-level namespace, and nothing for an identical rewrite', async () => {
    const cellar = { namespace: 'controller-service:c1', id: 'block-100', meta: { room: 'cellar' } };
    const other = { namespace: 'controller-service:c2', id: 'block-100' };
    const units = { namespace: 'svc-global', id: 'units', temperature: 'degC' };
    await documents.setAll([cellar, other, units]);
    await documents.setAll([cellar, { ...units, temperature: 'degF' }]);
    expect(publisher.published).toEqual([
      { topic: datastoreTopic('controller-service'), payload: { changed: [cellar, other] }, options: { qos: 1 } },
      { topic: datastoreTopic('svc-global'), payload: { changed: [units] }, options: { qos: 1 } },
      {
        topic: datastoreTopic('svc-global'),
        payload: { changed: [{ ...units, temperature: 'degF' }] },
        options: { qos: 1 },
      },
    ]);
  });

  it('deletes the selected documents, answers how many existed and announces their keys', async () => {
    await documents.setAll(['a1', 'a2', 'keep'].map((id) => ({ namespace: 'controller-service:c1', id })));
    publisher.published.length = 0;
    await expect(
      documents.deleteAll({ namespace: 'controller-service:c1', ids: ['missing'], filter: 'a*' }),
    ).resolves.toBe(2);
    await expect(documents.find({ namespace: 'controller-service:c1' })).resolves.toEqual([
      { namespace: 'controller-service:c1', id: 'keep' },
    ]);
    expect(publisher.published).toEqual([
      {
        topic: datastoreTopic('controller-service'),
        payload: { deleted: ['controller-service:c1:a1', 'controller-service:c1:a2'] },
        options: { qos: 1 },
      },
    ]);
  });

  it('announces nothing when nothing was deleted', async () => {
    await expect(documents.deleteAll({ namespace: 'n', ids: ['missing'] })).resolves.toBe(0);
    expect(publisher.published).toEqual([]);
  });

  it('answers that the store is unavailable, and announces nothing, while the store cannot be reached', async () => {
    store.goOffline();
    await expect(documents.get('n', 'a')).rejects.toThrow(/offline/);
    await expect(documents.find({ namespace: 'n' })).rejects.toThrow(/offline/);
    await expect(documents.setAll([{ namespace: 'n', id: 'a' }])).rejects.toThrow(/offline/);
    await expect(documents.deleteAll({ namespace: 'n', ids: ['a'] })).rejects.toThrow(/offline/);
    expect(publisher.published).toEqual([]);
  });

  it('keeps a write done while the broker is away, which then goes unannounced', async () => {
    publisher.disconnect();
    await expect(documents.setAll([{ namespace: 'n', id: 'a' }])).resolves.toEqual([{ namespace: 'n', id: 'a' }]);
    await expect(documents.get('n', 'a')).resolves.toEqual({ namespace: 'n', id: 'a' });
    expect(publisher.published).toEqual([]);
    expect(publisher.unpublishedCount).toBe(1);
  });
});
