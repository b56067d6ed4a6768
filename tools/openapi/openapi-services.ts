/** A service whose OpenAPI document is committed and from which a typed client is generated. */
export interface OpenApiService {
  app: 'datastore' | 'history' | 'controller' | 'automation';
  /** The route prefix in the document; the client's paths are relative to it. */
  prefix: string;
  /** Whether the document itself is also generated into the client lib, for another service's page to list. */
  embedDocument: boolean;
}

/** In generation order: the history document lists the datastore's, so the datastore comes first. */
export const OPENAPI_SERVICES: OpenApiService[] = [
  { app: 'datastore', prefix: '/history/datastore', embedDocument: true },
  { app: 'controller', prefix: '/controller-1', embedDocument: false },
  { app: 'history', prefix: '/history', embedDocument: false },
  { app: 'automation', prefix: '/automation', embedDocument: false },
];

/** The command that rewrites every committed document and generated client. */
export const UPDATE_COMMAND = 'npx nx run api-client:generate';
