export * from './environment';
export * from './launch';
export * from './open-api';
export * from './open-api-preview';
export * from './ping.controller';
export * from './service-start-options';
export * from './start-service';
export * from './validated-body.pipe';
