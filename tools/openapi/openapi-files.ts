import { apiClientFiles, GeneratedFile } from './api-client-files';
import { committedDocumentPath, printedDocument } from './openapi-document.util';
import { OpenApiService } from './openapi-services';

/** Every file generated for one service from its build: its OpenAPI document and its client files. */
export async function openApiFiles(service: OpenApiService): Promise<GeneratedFile[]> {
  const document = printedDocument(service.app);
  return [
    { path: committedDocumentPath(service.app), content: document },
    ...(await apiClientFiles(service, document)),
  ];
}
