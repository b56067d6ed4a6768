// npm run bench:flatten — values flattened per second for a realistic controller history event.
import { flattenHistoryEvent } from '@eventcast/flatten';

const TARGET_VALUES_PER_SECOND = 2_000_000;
const WARM_UP_MS = 500;
const RUN_MS = 3000;
const EVENTS_PER_CLOCK_READ = 100;

/**
 * About 50 blocks with 5 to 10 logged values each, as a controller publishes every 5 s: numbers,
 * booleans, numeric strings, strings and nulls that are ignored, and a few nested objects.
 */
function controllerEvent() {
  const data: Record<string, Record<string, unknown>> = {};
  for (let block = 0; block < 50; block++) {
    const fields: Record<string, unknown> = {
      'value[degC]': 20 + block / 10,
      'setting[degC]': 21,
      enabled: block % 2 === 0,
      state: block % 3,
      'error[delta_degC]': -0.25,
    };
    for (let extra = 0; extra < block % 6; extra++) fields[`extra${extra}`] = extra % 2 ? String(extra) : extra * 1.5;
    if (block % 5 === 0) fields.mode = 'auto';
    if (block % 7 === 0) fields.lastError = null;
    if (block % 10 === 0) fields.nested = { p: 1.5, i: 0.2, 'inputValue[degC]': 19.8 };
    data[`Block ${block}`] = fields;
  }
  return { key: 'controller-1', data };
}

function run(ms: number) {
  const event = controllerEvent();
  let events = 0;
  let values = 0;
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(ms) * 1_000_000n;
  while (process.hrtime.bigint() < deadline) {
    for (let batch = 0; batch < EVENTS_PER_CLOCK_READ; batch++) values += flattenHistoryEvent(event).size;
    events += EVENTS_PER_CLOCK_READ;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { events, values, seconds, perEvent: values / events };
}

run(WARM_UP_MS); // so the figures are of optimised code
const { events, values, seconds, perEvent } = run(RUN_MS);
const valuesPerSecond = values / seconds;
const format = (count: number) => Math.round(count).toLocaleString('en');
console.log(`flatten: ${perEvent} values per event (50 blocks), ${format(events)} events in ${seconds.toFixed(2)} s`);
console.log(`flatten: ${format(events / seconds)} events/s, ${format(valuesPerSecond)} values/s on one core`);
console.log(
  `flatten: target ${format(TARGET_VALUES_PER_SECOND)} values/s: ${valuesPerSecond >= TARGET_VALUES_PER_SECOND ? 'target met' : 'below target'}`,
);
