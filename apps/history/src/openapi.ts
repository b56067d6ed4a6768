import { printOpenApiDocument } from '@eventcast/bootstrap';
import { readHistoryConfig } from './config/history.config';
import { historyService } from './history-service';

// Prints the OpenAPI document the service serves; `nx run history:openapi` writes it to apps/history/openapi.json.
// The client id is given so that the preview, which connects to no broker, stores none in ./data.
void printOpenApiDocument(historyService(readHistoryConfig({ MQTT_CLIENT_ID: 'eventcast-history-openapi' })));
