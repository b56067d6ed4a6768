import { printOpenApiDocument } from '@eventcast/bootstrap';
import { readControllerConfig } from './config/controller.config';
import { controllerService } from './controller-service';

// Prints the OpenAPI document of the default controller (SERVICE_ID controller-1), whatever the
// environment says; `nx run controller:openapi` writes it to apps/controller/openapi.json.
void printOpenApiDocument(controllerService(readControllerConfig({})));
