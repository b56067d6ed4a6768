import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

/** The repository's root directory. */
export const WORKSPACE = resolve(__dirname, '../..');

/** Where an app keeps its committed OpenAPI document, relative to the workspace. */
export function committedDocumentPath(app: string): string {
  return `apps/${app}/openapi.json`;
}

/**
 * The OpenAPI document of an app as its build prints it (`dist/apps/<app>/openapi.js`, compiled
 * with the Swagger plugin, so DTO comments are in it), formatted as committed.
 */
export function printedDocument(app: string): string {
  const entry = join(WORKSPACE, 'dist/apps', app, 'openapi.js');
  return execFileSync(process.execPath, [entry], {
    cwd: WORKSPACE,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}
