// `nx run <app>:openapi`: compiles the app as its build does, then writes its OpenAPI document
// (apps/<app>/openapi.json) and the client files generated from it (libs/api-client/src/lib/generated).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { WORKSPACE } from './openapi-document.util';
import { openApiFiles } from './openapi-files';
import { OPENAPI_SERVICES } from './openapi-services';

async function update(app: string): Promise<void> {
  const service = OPENAPI_SERVICES.find((candidate) => candidate.app === app);
  if (!service) throw new Error(`usage: update-openapi.ts <${OPENAPI_SERVICES.map((s) => s.app).join('|')}>`);
  const build = spawnSync(process.execPath, ['tools/build/build-app.mjs', app], { cwd: WORKSPACE, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the build of ${app} failed`);
  for (const file of await openApiFiles(service)) {
    mkdirSync(dirname(join(WORKSPACE, file.path)), { recursive: true });
    writeFileSync(join(WORKSPACE, file.path), file.content);
    console.log(`wrote ${file.path}`);
  }
}

update(process.argv[2] ?? '').catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
