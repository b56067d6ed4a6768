export * from './controller.client';
export * from './datastore.client';
export * from './history.client';
export * from './generated/datastore-openapi.document';
