// Builds one app to dist/apps/<app>/main.js (or a project elsewhere, given by its folder, to
// dist/<folder>/main.js, as the floor of bench:footprint): tsc (which, unlike esbuild, emits the decorator
// metadata Nest needs) with the Nest Swagger plugin, lib aliases rewritten to relative paths, then,
// for the apps in BUNDLED_APPS, the compiled files bundled (bundle-app.mjs) behind main.js.
import { createRequire } from 'node:module';
import { copyFileSync, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import ts from 'typescript';
import { replaceTscAliasPaths } from 'tsc-alias';
import { bundleApp } from './bundle-app.mjs';

const require = createRequire(import.meta.url);
const swaggerPlugin = require('@nestjs/swagger/plugin');

const project = process.argv[2];
if (!project) {
  console.error('usage: node tools/build/build-app.mjs <app> | <project folder>');
  process.exit(2);
}
const workspace = resolve(import.meta.dirname, '../..');
const projectDir = project.includes('/') ? project : join('apps', project);
const app = basename(projectDir);
const configFile = join(workspace, projectDir, 'tsconfig.app.json');
const finalDir = join(workspace, 'dist', projectDir);
// Built beside the old build and moved into its place at the end, so that a test or a service
// starting the app meanwhile (npm start builds while other integration tests run) finds a whole
// build, the old or the new one.
const outDir = `${finalDir}.building-${process.pid}`;
// Bundled, each service starts faster and holds less than as compiled files (docs/decisions.md,
// "Footprint").
const BUNDLED_APPS = new Set(['history', 'datastore', 'controller', 'automation', 'nest-floor']);
const compiledDir = `${finalDir}.compiled-${process.pid}`;

const parsed = ts.getParsedCommandLineOfConfigFile(
  configFile,
  // The workspace as the root, so that a project that imports no lib compiles to the same layout.
  { outDir: compiledDir, rootDir: workspace },
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => fail([diagnostic]),
  },
);
rmSync(compiledDir, { recursive: true, force: true });
rmSync(outDir, { recursive: true, force: true });
const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
const emitted = program.emit(undefined, undefined, undefined, false, {
  before: [swaggerPlugin.before({ introspectComments: true, classValidatorShim: true }, program)],
});
const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
if (diagnostics.some((d) => d.category === ts.DiagnosticCategory.Error)) fail(diagnostics);

await replaceTscAliasPaths({ configFile, outDir: compiledDir, resolveFullPaths: false });
// main.js runs the service and openapi.js prints its OpenAPI document (tools/openapi): bundled for
// the apps in BUNDLED_APPS. entry.js exports the service for a process that runs several
// (docker/start-app.mjs): always the compiled files, so that the services of one process share
// Nest and the other packages from node_modules instead of each bundling its own copy.
const entries = ['main.js', 'openapi.js', 'entry.js'].filter((entry) =>
  existsSync(join(compiledDir, projectDir, 'src', entry)),
);
const bundled = BUNDLED_APPS.has(app) ? entries.filter((entry) => entry !== 'entry.js') : [];
// A bundled main.js is bundle.js and its chunks behind a loader that keeps V8's compiled code (Node's
// compile cache) between starts.
const bundleFile = (entry) => (entry === 'main.js' ? 'bundle.js' : entry);
await Promise.all(
  bundled.map((entry) =>
    bundleApp(join(compiledDir, projectDir, 'src', entry), join(compiledDir, bundleFile(entry)), {
      chunks: entry === 'main.js',
    }),
  ),
)
  .then(() => {
    if (bundled.includes('main.js'))
      copyFileSync(join(workspace, 'tools', 'build', 'compile-cache-main.cjs'), join(compiledDir, 'main.js'));
  })
  .catch((error) => {
    console.error(`bundling ${app} failed: ${error.message}`);
    rmSync(compiledDir, { recursive: true, force: true });
    process.exit(1);
  });
renameSync(compiledDir, outDir);
for (const entry of entries.filter((entry) => !bundled.includes(entry))) {
  writeFileSync(join(outDir, entry), `module.exports = require('./${projectDir}/src/${entry}');\n`);
}
const oldDir = `${finalDir}.old-${process.pid}`;
rmSync(oldDir, { recursive: true, force: true });
try {
  renameSync(finalDir, oldDir);
} catch {
  // no earlier build
}
renameSync(outDir, finalDir);
rmSync(oldDir, { recursive: true, force: true });
console.log(`built ${app} -> dist/${projectDir}/main.js`);

function fail(list) {
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => workspace, getNewLine: () => '\n' };
  console.error(ts.formatDiagnosticsWithColorAndContext(list, host));
  rmSync(compiledDir, { recursive: true, force: true });
  process.exit(1);
}
