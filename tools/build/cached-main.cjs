// main.js of a bundled app (tools/build/build-app.mjs): runs bundle.js beside it, and the chunks it
// requires from chunks/, as Node would require them, with V8's code cache of all of them in one file
// in <DATA_DIR>/.code-cache (docs/decisions.md, "Footprint"). The first start compiles the bundle as
// it runs and keeps the code V8 compiled 10 s later, or as it stops cleanly (exit code 0) if that is
// sooner; a later start of the same files takes it from there instead of compiling again. V8 refuses
// a cache made by another bundle, V8 version or set of V8 options, and the bundle is then compiled
// as usual. A cache that cannot be read or written only costs the saving. With --enable-source-maps
// the bundle is required as it is, without the cache: Node maps stack traces only of what its loader
// compiled.
'use strict';
const { createHash } = require('node:crypto');
const {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} = require('node:fs');
const Module = require('node:module');
const { dirname, join, relative, resolve } = require('node:path');
const { Script } = require('node:vm');

const WRITE_AFTER_MS = 10_000;
const bundle = join(__dirname, 'bundle.js');
if (process.sourceMapsEnabled) {
  module.exports = require(bundle);
  return;
}
const chunkDir = join(__dirname, 'chunks');
const files = [bundle];
if (existsSync(chunkDir)) {
  for (const file of readdirSync(chunkDir).sort()) if (file.endsWith('.js')) files.push(join(chunkDir, file));
}
const bundleFiles = new Set(files);
const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
const hash = createHash('sha256');
for (const [file, source] of sources) hash.update(`${relative(__dirname, file)}\0${source}\0`);
const app = __dirname.split(/[\\/]/).pop();
const cacheDir = resolve(process.env.DATA_DIR || './data', '.code-cache');
const cacheFile = join(cacheDir, `${app}-${hash.digest('hex').slice(0, 16)}.v8`);

let cached = readCache();
const scripts = new Map();
let complete = true;
const modules = new Map();
module.exports = load(bundle, module);
// The chunks are all required as the bundle starts.
cached?.close();
cached = undefined;
if (complete) {
  scripts.clear();
} else {
  setTimeout(keepCompiledCode, WRITE_AFTER_MS).unref();
  process.once('exit', (code) => code === 0 && keepCompiledCode());
}

/** Runs one file of the bundle as a module of its own, once; a chunk it requires is run the same way. */
function load(file, parent) {
  const loaded = modules.get(file);
  if (loaded) return loaded.exports;
  const name = relative(__dirname, file);
  const cachedData = cached?.get(name);
  const script = new Script(Module.wrap(sources.get(file)), { filename: file, cachedData });
  sources.delete(file);
  if (cachedData === undefined || script.cachedDataRejected) complete = false;
  scripts.set(name, script);
  const fileModule = new Module(file, parent);
  fileModule.filename = file;
  fileModule.paths = Module._nodeModulePaths(dirname(file));
  fileModule.loaded = true;
  modules.set(file, fileModule);
  const requireFromFile = Object.assign(
    (id) => {
      const chunk = id.startsWith('.') ? resolve(dirname(file), id) : undefined;
      return chunk !== undefined && bundleFiles.has(chunk) ? load(chunk, fileModule) : fileModule.require(id);
    },
    {
      resolve: (request, options) => Module._resolveFilename(request, fileModule, false, options),
      main: require.main,
      cache: require.cache,
    },
  );
  script
    .runInThisContext()
    .call(fileModule.exports, fileModule.exports, requireFromFile, fileModule, file, dirname(file));
  return fileModule.exports;
}

/**
 * The cache file: each file's code cache, then a JSON list of [file relative to this folder, bytes]
 * in that order, then that list's length in 4 bytes. Each cache is read as its file is compiled,
 * into one buffer for all, and written as it is made: a buffer of them all stayed in memory until
 * the collector's next full run.
 */
function readCache() {
  let fd;
  try {
    fd = openSync(cacheFile, 'r');
    const size = fstatSync(fd).size;
    const length = Buffer.alloc(4);
    readSync(fd, length, 0, 4, size - 4);
    const headerBytes = length.readUInt32LE(0);
    // A file cut short or written by something else is no cache.
    if (headerBytes > size - 4) throw new Error('not a code cache');
    const header = Buffer.alloc(headerBytes);
    readSync(fd, header, 0, header.length, size - 4 - header.length);
    const entries = new Map();
    let position = 0;
    let largest = 0;
    for (const [name, bytes] of JSON.parse(header.toString('utf8'))) {
      entries.set(name, { position, bytes });
      position += bytes;
      largest = Math.max(largest, bytes);
    }
    if (position !== size - 4 - headerBytes) throw new Error('not a code cache');
    const buffer = Buffer.allocUnsafeSlow(largest);
    return {
      get(name) {
        const entry = entries.get(name);
        if (entry === undefined || readSync(fd, buffer, 0, entry.bytes, entry.position) !== entry.bytes)
          return undefined;
        return buffer.subarray(0, entry.bytes);
      },
      close: () => closeSync(fd),
    };
  } catch {
    if (fd !== undefined) closeSync(fd);
    return undefined; // no cache yet, or one that cannot be read
  }
}

/** Writes the code compiled so far as this bundle's cache, and removes the app's older ones. */
function keepCompiledCode() {
  if (scripts.size === 0) return;
  const written = `${cacheFile}.${process.pid}`;
  let fd;
  try {
    // Not recursive: DATA_DIR exists by then, and Node 20's recursive mkdir can spin on some file systems.
    if (!existsSync(cacheDir)) mkdirSync(cacheDir);
    fd = openSync(written, 'w');
    const header = [];
    for (const [name, script] of scripts) {
      const data = script.createCachedData();
      writeSync(fd, data);
      header.push([name, data.length]);
    }
    const list = Buffer.from(JSON.stringify(header));
    const length = Buffer.alloc(4);
    length.writeUInt32LE(list.length, 0);
    writeSync(fd, Buffer.concat([list, length]));
    closeSync(fd);
    fd = undefined;
    renameSync(written, cacheFile);
    for (const file of readdirSync(cacheDir)) {
      if (file.startsWith(`${app}-`) && join(cacheDir, file) !== cacheFile)
        rmSync(join(cacheDir, file), { force: true });
    }
  } catch {
    // A read-only DATA_DIR: every start compiles.
    if (fd !== undefined) {
      closeSync(fd);
      rmSync(written, { force: true });
    }
  } finally {
    scripts.clear();
  }
}
