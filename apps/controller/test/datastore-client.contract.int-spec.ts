import { ServiceUnderTest } from '@eventcast/testing';
import { DatastoreClient } from '../src/infra/datastore/datastore.client';
import { describeDatastoreContract } from './datastore.contract';

describe('the datastore client against the built datastore service', () => {
  let datastore: ServiceUnderTest<'datastore'>;
  let namespaces = 0;

  beforeAll(async () => {
    datastore = await ServiceUnderTest.start('datastore');
  });

  afterAll(async () => {
    await datastore?.stop();
  });

  describeDatastoreContract('the datastore client', async () => ({
    datastore: new DatastoreClient(datastore.url),
    namespace: `contract-${++namespaces}`,
  }));
});
