// main.js of a bundled app (tools/build/build-app.mjs): runs bundle.js beside it (which requires its
// chunks from chunks/) with Node's compile cache in <DATA_DIR>/.code-cache (docs/decisions.md,
// "Footprint"). The first start compiles as usual; Node writes the code V8 compiled 10 s later, or as
// the process exits, and a later start of the same files takes it from there. Node checks each
// cached file against its source and V8 version itself, and a cache folder it cannot make or write
// only costs the saving.
'use strict';
const { enableCompileCache, flushCompileCache } = require('node:module');
const { resolve } = require('node:path');

const KEEP_AFTER_MS = 10_000;
enableCompileCache(resolve(process.env.DATA_DIR || './data', '.code-cache'));
module.exports = require('./bundle.js');
setTimeout(flushCompileCache, KEEP_AFTER_MS).unref();
