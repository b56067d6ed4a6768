// bench:datastore's comparison with its floors: `get` and `set` of the datastore, the same calls of
// a bare Fastify server and of Node's own HTTP server with the same Redis client (bare-node.ts), and
// GET and SET of webdis, all on the same Redis, each loaded by wrk with 2 threads and 32 connections
// for the same time, one after the other. Targets (docs/performance.md): the datastore at least 0.8
// of bare Fastify's rate and 0.5 of bare Node's, its p99 under 5 ms; webdis is printed for scale.
import { programMissing } from '../on-path';
import { runWrk, WrkResult } from '../wrk-load';
import { startBareFastify, startBareNode } from './bare-node';
import { startWebdis } from './webdis';

const TARGET = { ofFastify: 0.8, ofNode: 0.5, p99Ms: 5 };
const KEYS = 1000;
const WEBDIS_KEY = 'bench:webdis:d';

/** A Lua request builder: `path(n)` and `body(n)` are Lua expressions of the request's number n. */
function script(method: 'GET' | 'POST', path: string, body = 'nil'): string {
  return [
    'local n = 0',
    'local function escape(text) return (text:gsub("[^%w]", function(c) return string.format("%%%02X", string.byte(c)) end)) end',
    'request = function()',
    '  n = n + 1',
    `  return wrk.format("${method}", ${path}, {["Content-Type"] = "application/json"}, ${body})`,
    'end',
  ].join('\n');
}

const document = (namespace: string) =>
  `'{"namespace":"${namespace}","id":"d' .. (n % ${KEYS}) .. '","temperature":20.5,"unit":"degC","n":' .. n .. '}'`;

/** The comparison's report lines; `namespace` holds the datastore's seeded documents d0 to d999. */
export async function versusWebdis(
  datastorePort: number,
  redisUrl: string,
  namespace: string,
  seconds: number,
): Promise<string[]> {
  const missing =
    programMissing('wrk', 'Debian: apt-get install wrk') ?? programMissing('webdis', 'Debian: apt-get install webdis');
  if (missing) return [`datastore against webdis: not run, ${missing}`];
  const webdisPort = await startWebdis(redisUrl);
  const bareNode = `http://127.0.0.1:${await startBareNode(redisUrl)}`;
  const bareFastify = `http://127.0.0.1:${await startBareFastify(redisUrl)}`;
  const load = (url: string, lua: string) => runWrk({ url, script: lua, threads: 2, connections: 32, seconds });
  const datastore = `http://127.0.0.1:${datastorePort}`;
  const webdis = `http://127.0.0.1:${webdisPort}`;
  const setBody = `'{"value":' .. ${document(namespace)} .. '}'`;
  const getBody = `'{"namespace":"${namespace}","id":"d' .. (n % ${KEYS}) .. '"}'`;
  const runs: Array<[string, WrkResult, WrkResult, WrkResult, WrkResult]> = [
    [
      'set',
      load(datastore, script('POST', '"/history/datastore/set"', setBody)),
      load(webdis, script('GET', `"/SET/${WEBDIS_KEY}" .. (n % ${KEYS}) .. "/" .. escape(${document(namespace)})`)),
      load(bareNode, script('POST', '"/set"', setBody)),
      load(bareFastify, script('POST', '"/set"', setBody)),
    ],
    [
      'get',
      load(datastore, script('POST', '"/history/datastore/get"', getBody)),
      load(webdis, script('GET', `"/GET/${WEBDIS_KEY}" .. (n % ${KEYS})`)),
      load(bareNode, script('POST', '"/get"', getBody)),
      load(bareFastify, script('POST', '"/get"', getBody)),
    ],
  ];
  for (let first = 0; first < KEYS; first += 100) {
    const keys = Array.from({ length: 100 }, (_, i) => [
      `${WEBDIS_KEY}${first + i}`,
      `bare:${namespace}:d${first + i}`,
    ]).flat();
    await fetch(`${webdis}/DEL/${keys.map(encodeURIComponent).join('/')}`);
  }
  const lines = [
    `datastore against its floors and webdis on the same Redis, wrk -t2 -c32 -d${seconds}s each:`,
    '| call | datastore requests/s | p50 ms | p99 ms | bare Fastify requests/s | bare Node requests/s | webdis requests/s | datastore / Fastify | datastore / Node | datastore / webdis |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const verdicts: string[] = [];
  const rate = (result: WrkResult) => Math.round(result.requestsPerSecond);
  const ratio = (ours: WrkResult, floor: WrkResult) => ours.requestsPerSecond / floor.requestsPerSecond;
  for (const [call, ours, theirs, node, fastify] of runs) {
    const failures = [ours, theirs, node, fastify].reduce((sum, result) => sum + result.failed, 0);
    lines.push(
      `| ${call} | ${rate(ours)} | ${ours.p50Ms.toFixed(2)} | ${ours.p99Ms.toFixed(2)} | ${rate(fastify)} | ${rate(node)} | ` +
        `${rate(theirs)} | ${ratio(ours, fastify).toFixed(2)} | ${ratio(ours, node).toFixed(2)} | ${ratio(ours, theirs).toFixed(2)} |` +
        (failures > 0 ? ` (failed: datastore ${ours.failed}, others ${failures - ours.failed})` : ''),
    );
    const met =
      ratio(ours, fastify) >= TARGET.ofFastify &&
      ratio(ours, node) >= TARGET.ofNode &&
      ours.p99Ms < TARGET.p99Ms &&
      ours.failed === 0;
    verdicts.push(
      `target: ${call} at least ${TARGET.ofFastify} of bare Fastify's rate and ${TARGET.ofNode} of bare Node's, ` +
        `p99 under ${TARGET.p99Ms} ms: ${ratio(ours, fastify).toFixed(2)} and ${ratio(ours, node).toFixed(2)}, ` +
        `p99 ${ours.p99Ms.toFixed(2)} ms: ${met ? 'met' : 'NOT met'}`,
    );
  }
  return [...lines, ...verdicts];
}
