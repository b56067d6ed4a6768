// Fails when a committed OpenAPI document or generated client differs from what the built apps
// (dist/apps/<app>) produce; the e2e integration tests run it after building every app.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GeneratedFile } from './api-client-files';
import { WORKSPACE } from './openapi-document.util';
import { openApiFiles } from './openapi-files';
import { OPENAPI_SERVICES, UPDATE_COMMAND } from './openapi-services';

function committed(path: string): string {
  try {
    return readFileSync(join(WORKSPACE, path), 'utf8');
  } catch {
    return '';
  }
}

/** `undefined` when the committed file is current, else where it first differs. */
function staleness(file: GeneratedFile): string | undefined {
  const actual = committed(file.path);
  if (actual === file.content) return undefined;
  if (actual === '') return `${file.path}: missing`;
  const [found, expected] = [actual.split('\n'), file.content.split('\n')];
  const line = expected.findIndex((text, index) => text !== found[index]);
  return `${file.path}: line ${line + 1} is ${JSON.stringify(found[line] ?? '')}, the code gives ${JSON.stringify(expected[line] ?? '')}`;
}

async function check(): Promise<void> {
  const files = (await Promise.all(OPENAPI_SERVICES.map(openApiFiles))).flat();
  const stale = files.map(staleness).filter((problem) => problem !== undefined);
  if (stale.length === 0) return console.log(`${files.length} OpenAPI documents and client files are current`);
  console.error(`The committed OpenAPI documents or clients are out of date with the code:\n  ${stale.join('\n  ')}`);
  console.error(`Run \`${UPDATE_COMMAND}\` and commit the files it writes.`);
  process.exitCode = 1;
}

check().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
