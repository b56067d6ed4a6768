import { launch } from '@eventcast/bootstrap';
import { readDatastoreConfig } from './config/datastore.config';
import { datastoreService } from './datastore-service';

void launch(readDatastoreConfig, datastoreService);
