// main.js of a bundled app (tools/build/build-app.mjs): runs bundle.js beside it as Node would
// require it, with V8's code cache in <DATA_DIR>/.code-cache (docs/decisions.md, "Footprint"). The
// first start compiles the bundle as it runs and keeps the code V8 compiled 10 s later, or as it
// stops cleanly (exit code 0) if that is sooner; a later
// start of the same bundle takes it from there instead of compiling again. V8 refuses a cache made
// by another bundle, V8 version or set of V8 options, and the bundle is then compiled as usual. A
// cache that cannot be read or written only costs the saving. With --enable-source-maps the bundle
// is required as it is, without the cache: Node maps stack traces only of what its loader compiled.
'use strict';
const { createHash } = require('node:crypto');
const { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { join, resolve } = require('node:path');
const { Script } = require('node:vm');

const WRITE_AFTER_MS = 10_000;
const bundle = join(__dirname, 'bundle.js');
if (process.sourceMapsEnabled) {
  module.exports = require(bundle);
  return;
}
const source = readFileSync(bundle, 'utf8');
const app = __dirname.split(/[\\/]/).pop();
const cacheDir = resolve(process.env.DATA_DIR || './data', '.code-cache');
const cacheFile = join(cacheDir, `${app}-${createHash('sha256').update(source).digest('hex').slice(0, 16)}.v8`);

let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  // no cache yet
}
const script = new Script(Module.wrap(source), { filename: bundle, cachedData });
let kept = false;
if (cachedData === undefined || script.cachedDataRejected) {
  setTimeout(keepCompiledCode, WRITE_AFTER_MS).unref();
  process.once('exit', (code) => code === 0 && keepCompiledCode());
}

const bundleModule = new Module(bundle, module);
bundleModule.filename = bundle;
bundleModule.paths = Module._nodeModulePaths(__dirname);
bundleModule.loaded = true;
const requireFromBundle = Object.assign((id) => bundleModule.require(id), {
  resolve: (request, options) => Module._resolveFilename(request, bundleModule, false, options),
  main: require.main,
  cache: require.cache,
});
script
  .runInThisContext()
  .call(bundleModule.exports, bundleModule.exports, requireFromBundle, bundleModule, bundle, __dirname);
module.exports = bundleModule.exports;

/** Writes the code compiled so far as this bundle's cache, and removes the app's older ones. */
function keepCompiledCode() {
  if (kept) return;
  kept = true;
  try {
    // Not recursive: DATA_DIR exists by then, and Node 20's recursive mkdir can spin on some file systems.
    if (!existsSync(cacheDir)) mkdirSync(cacheDir);
    const written = `${cacheFile}.${process.pid}`;
    writeFileSync(written, script.createCachedData());
    renameSync(written, cacheFile);
    for (const file of readdirSync(cacheDir)) {
      if (file.startsWith(`${app}-`) && join(cacheDir, file) !== cacheFile)
        rmSync(join(cacheDir, file), { force: true });
    }
  } catch {
    // A read-only DATA_DIR: every start compiles.
  }
}
