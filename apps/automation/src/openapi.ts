import { printOpenApiDocument } from '@eventcast/bootstrap';
import { readAutomationConfig } from './config/automation.config';
import { automationService } from './automation-service';

// Prints the OpenAPI document the service serves; `nx run automation:openapi` writes it to apps/automation/openapi.json.
void printOpenApiDocument(automationService(readAutomationConfig({})));
