import { printOpenApiDocument } from '@eventcast/bootstrap';
import { readHistoryConfig } from './config/history.config';
import { historyService } from './history-service';

// Prints the OpenAPI document the service serves; `nx run history:openapi` writes it to apps/history/openapi.json.
void printOpenApiDocument(historyService(readHistoryConfig({})));
