import { launch, serviceEntry, startServices } from '@eventcast/bootstrap';
import { readDatastoreConfig } from './config/datastore.config';
import { datastoreService } from './datastore-service';

/** The datastore service as a process that runs several services takes it (docs/deployment.md, "One process"). */
export const datastore = serviceEntry(readDatastoreConfig, datastoreService);
export { launch, startServices };
