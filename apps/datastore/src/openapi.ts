import { printOpenApiDocument } from '@eventcast/bootstrap';
import { readDatastoreConfig } from './config/datastore.config';
import { datastoreService } from './datastore-service';

// Prints the OpenAPI document the service serves; `nx run datastore:openapi` writes it to apps/datastore/openapi.json.
void printOpenApiDocument(datastoreService(readDatastoreConfig({})));
