export * from './built-app';
export * from './free-port';
export * from './questdb-server';
export * from './questdb-targets';
export * from './server-process';
export * from './wait-for';
