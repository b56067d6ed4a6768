// bench:datastore's comparison with webdis: `get` and `set` of the datastore and GET and SET of
// webdis on the same Redis, each loaded by wrk with 2 threads and 32 connections for the same time.
// Target: the datastore at least half of webdis's rate, its p99 under 10 ms. Beside them, Node's own
// HTTP server with the same Redis client and no framework (bare-node-server.mjs): the most a Node
// service reaches on this machine, so the target can be read against what Node allows.
import { programMissing } from '../on-path';
import { runWrk, WrkResult } from '../wrk-load';
import { startBareNode } from './bare-node';
import { startWebdis } from './webdis';

const TARGET = { shareOfWebdis: 0.5, p99Ms: 10 };
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
  const load = (url: string, lua: string) => runWrk({ url, script: lua, threads: 2, connections: 32, seconds });
  const datastore = `http://127.0.0.1:${datastorePort}`;
  const webdis = `http://127.0.0.1:${webdisPort}`;
  const setBody = `'{"value":' .. ${document(namespace)} .. '}'`;
  const getBody = `'{"namespace":"${namespace}","id":"d' .. (n % ${KEYS}) .. '"}'`;
  const runs: Array<[string, WrkResult, WrkResult, WrkResult]> = [
    [
      'set',
      load(datastore, script('POST', '"/history/datastore/set"', setBody)),
      load(webdis, script('GET', `"/SET/${WEBDIS_KEY}" .. (n % ${KEYS}) .. "/" .. escape(${document(namespace)})`)),
      load(bareNode, script('POST', '"/set"', setBody)),
    ],
    [
      'get',
      load(datastore, script('POST', '"/history/datastore/get"', getBody)),
      load(webdis, script('GET', `"/GET/${WEBDIS_KEY}" .. (n % ${KEYS})`)),
      load(bareNode, script('POST', '"/get"', getBody)),
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
    `datastore against webdis and bare Node on the same Redis, wrk -t2 -c32 -d${seconds}s each:`,
    '| call | datastore requests/s | p50 ms | p99 ms | webdis requests/s | p50 ms | p99 ms | datastore / webdis | bare Node requests/s | bare Node / webdis |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const verdicts: string[] = [];
  for (const [call, ours, theirs, bare] of runs) {
    const share = ours.requestsPerSecond / theirs.requestsPerSecond;
    const failed =
      ours.failed + theirs.failed > 0 ? ` (failed: datastore ${ours.failed}, webdis ${theirs.failed})` : '';
    lines.push(
      `| ${call} | ${Math.round(ours.requestsPerSecond)} | ${ours.p50Ms.toFixed(2)} | ${ours.p99Ms.toFixed(2)} | ` +
        `${Math.round(theirs.requestsPerSecond)} | ${theirs.p50Ms.toFixed(2)} | ${theirs.p99Ms.toFixed(2)} | ${(share * 100).toFixed(0)}% | ` +
        `${Math.round(bare.requestsPerSecond)} | ${((bare.requestsPerSecond / theirs.requestsPerSecond) * 100).toFixed(0)}% |${failed}`,
    );
    const met = share >= TARGET.shareOfWebdis && ours.p99Ms < TARGET.p99Ms && ours.failed === 0;
    verdicts.push(
      `target: ${call} at least ${TARGET.shareOfWebdis * 100}% of webdis's rate with p99 under ${TARGET.p99Ms} ms: ` +
        `${(share * 100).toFixed(0)}%, p99 ${ours.p99Ms.toFixed(2)} ms: ${met ? 'met' : 'NOT met'}`,
    );
  }
  return [...lines, ...verdicts];
}
