import { documentStoreContract } from '../document-store.contract';
import { InMemoryDocuments, InMemoryDocumentStore } from './in-memory-document-store';

const shared: InMemoryDocuments = new Map();

documentStoreContract('the in-memory fake', async () => new InMemoryDocumentStore(shared));

describe(InMemoryDocumentStore.name, () => {
  it('refuses every call while offline, and answers with the same documents once back', async () => {
    const store = new InMemoryDocumentStore();
    await store.setAll([{ namespace: 'n', id: 'a' }]);
    store.goOffline();
    await expect(store.ping()).rejects.toThrow(/offline/);
    await expect(store.get('n', 'a')).rejects.toThrow(/offline/);
    await expect(store.setAll([{ namespace: 'n', id: 'b' }])).rejects.toThrow(/offline/);
    store.comeBack();
    await expect(store.find({ namespace: 'n' })).resolves.toEqual([{ namespace: 'n', id: 'a' }]);
  });
});
