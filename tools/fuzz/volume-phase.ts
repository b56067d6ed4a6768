import { MqttClient } from 'mqtt';
import { ServiceUnderTest } from '@eventcast/testing';
import { awaitIngest, checkStored, publishVolume, receivedSoFar } from './history-volume';
import { answersPing } from './requests';
import { fuzzRouteVolume } from './route-volume';
import { FuzzedService, Route } from './routes';
import { RssSampler } from './rss-sampler';

/** Requests to one route in flight at once (each service has one route under fuzz at a time). */
const CONCURRENCY = 8;
/** ThrottledLog's interval: at most one line per topic and kind of refusal in it, plus the first in full. */
const LOG_INTERVAL_S = 10;
/** The topics the volume's payloads go to, times the kinds of lines the ingest throttles (invalid, partly dropped). */
const THROTTLED_STREAMS = 2 * 2;

export interface VolumeOptions {
  historyPayloads: number;
  bodiesPerRoute: number;
  seed: number;
  serviceId: string;
}

const thousands = (value: number) => Math.round(value).toLocaleString('en');

/**
 * The volume phase of `npm run fuzz`: a number of generated bodies for every route, then a stream
 * of generated history payloads through the ingest path with every valid value read back, while
 * the services' memory is sampled. Routes come first: the history queries would otherwise scan the
 * millions of values the payloads store. Prints what it saw; returns the broken promises.
 */
export async function runVolumePhase(
  services: { [App in FuzzedService]: ServiceUnderTest<App> },
  mqtt: MqttClient,
  routes: Route[],
  options: VolumeOptions,
): Promise<string[]> {
  const broken: string[] = [];
  const rss = new RssSampler(
    Object.fromEntries(Object.entries(services).map(([name, service]) => [name, service.pid])),
  );
  const history = services.history;

  // Each service's routes one after the other, the services at once: the fuzzer and the
  // services then share the machine's cores.
  const fuzzed = [...new Set(routes.map((route) => route.service))];
  await Promise.all(
    fuzzed.map(async (name) => {
      const service: ServiceUnderTest<FuzzedService> = services[name];
      rss.open(name, 'its routes');
      for (const route of routes.filter((candidate) => candidate.service === name)) {
        const result = await fuzzRouteVolume(
          service.url,
          route,
          options.bodiesPerRoute,
          options.seed + (routes.indexOf(route) + 1) * 1_000_003,
          CONCURRENCY,
        );
        const statuses = [...result.statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}: ${thousands(count)}`)
          .join(', ');
        console.log(
          `fuzz volume: ${route.method} ${route.path} (${name}): ${statuses} in ${result.seconds.toFixed(1)} s`,
        );
        broken.push(...result.failures.map((failure) => `${route.method} ${route.path}: ${failure}`));
        if (!(await answersPing(service, options.serviceId)))
          broken.push(`the ${name} service does not answer its ping after ${route.method} ${route.path}`);
      }
      rss.close(name, 'its routes');
    }),
  );

  rss.open('history', 'the history payloads');
  const started = Date.now();
  const logBefore = history.log.split('\n').length;
  const receivedBefore = await receivedSoFar(history);
  const taken = async () => (await receivedSoFar(history)) - receivedBefore;
  const expectation = await publishVolume(mqtt, options.historyPayloads, options.seed, taken);
  const published = (Date.now() - started) / 1000;
  await awaitIngest(history, receivedBefore, expectation.payloads);
  const ingested = (Date.now() - started) / 1000;
  const { problems, stored } = await checkStored(history, expectation);
  rss.close('history', 'the history payloads');
  const logLines = history.log.split('\n').length - logBefore;
  const logBound = THROTTLED_STREAMS * (1 + Math.ceil(ingested / LOG_INTERVAL_S)) + 1;
  const kinds = [...expectation.kinds].map(([kind, count]) => `${kind} ${thousands(count)}`).join(', ');
  console.log(
    `fuzz volume: ${thousands(expectation.payloads)} history payloads (${(expectation.bytes / 1024 / 1024).toFixed(0)} MiB: ${kinds}) published in ${published.toFixed(1)} s, all taken in ${ingested.toFixed(1)} s`,
  );
  console.log(
    `fuzz volume: ${thousands(stored)} values read back on ${thousands(expectation.values.size)} fields, as published; wide events checked at sample positions; the history service wrote ${logLines} log lines (at most ${logBound} allowed)`,
  );
  broken.push(...problems.map((problem) => `history payloads: ${problem}`));
  if (logLines > logBound) broken.push(`history payloads: ${logLines} log lines, more than ${logBound}`);
  if (!(await answersPing(history, options.serviceId))) broken.push('the history service does not answer its ping');

  const memory = rss.stop();
  for (const line of memory.lines) console.log(`fuzz volume: ${line}`);
  broken.push(...memory.growing.map((service) => `memory kept growing: ${service}`));
  return broken;
}
