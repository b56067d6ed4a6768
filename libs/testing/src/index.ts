export * from './built-app';
export * from './free-port';
export * from './server-process';
export * from './wait-for';
