// Builds one app to dist/apps/<app>/main.js: tsc (which, unlike esbuild, emits the decorator
// metadata Nest needs) with the Nest Swagger plugin, then lib aliases rewritten to relative paths.
import { createRequire } from 'node:module';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { replaceTscAliasPaths } from 'tsc-alias';

const require = createRequire(import.meta.url);
const swaggerPlugin = require('@nestjs/swagger/plugin');

const app = process.argv[2];
if (!app) {
  console.error('usage: node tools/build/build-app.mjs <app>');
  process.exit(2);
}
const workspace = resolve(import.meta.dirname, '../..');
const configFile = join(workspace, 'apps', app, 'tsconfig.app.json');
const finalDir = join(workspace, 'dist', 'apps', app);
// Built beside the old build and moved into its place at the end, so that a test or a service
// starting the app meanwhile (npm start builds while other integration tests run) finds a whole
// build, the old or the new one.
const outDir = `${finalDir}.building-${process.pid}`;

const parsed = ts.getParsedCommandLineOfConfigFile(
  configFile,
  { outDir },
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => fail([diagnostic]),
  },
);
rmSync(outDir, { recursive: true, force: true });
const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
const emitted = program.emit(undefined, undefined, undefined, false, {
  before: [swaggerPlugin.before({ introspectComments: true, classValidatorShim: true }, program)],
});
const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
if (diagnostics.some((d) => d.category === ts.DiagnosticCategory.Error)) fail(diagnostics);

await replaceTscAliasPaths({ configFile, outDir, resolveFullPaths: false });
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'main.js'), `require('./apps/${app}/src/main.js');\n`);
const oldDir = `${finalDir}.old-${process.pid}`;
rmSync(oldDir, { recursive: true, force: true });
try {
  renameSync(finalDir, oldDir);
} catch {
  // no earlier build
}
renameSync(outDir, finalDir);
rmSync(oldDir, { recursive: true, force: true });
console.log(`built ${app} -> dist/apps/${app}/main.js`);

function fail(list) {
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => workspace, getNewLine: () => '\n' };
  console.error(ts.formatDiagnosticsWithColorAndContext(list, host));
  rmSync(outDir, { recursive: true, force: true });
  process.exit(1);
}
