import { describeDatastoreContract } from './datastore.contract';
import { InMemoryDatastore } from './fakes/in-memory-datastore';

describeDatastoreContract('the in-memory fake', async () => ({
  datastore: new InMemoryDatastore(),
  namespace: 'fake',
}));
