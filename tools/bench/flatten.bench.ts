// npm run bench:flatten — values flattened per second for a realistic controller history event.
import { flattenHistoryEvent } from '@eventcast/flatten';

const TARGET_VALUES_PER_SECOND = 2_000_000;
const RUN_MS = 3000;

/** About 50 blocks with 5 to 10 logged values each, as a controller publishes every 5 s. */
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
    if (block % 10 === 0) fields.nested = { 'p': 1.5, 'i': 0.2 };
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
    for (let batch = 0; batch < 100; batch++) values += flattenHistoryEvent(event).size;
    events += 100;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { events, values, seconds, perEvent: values / events };
}

run(500); // warm-up, so the figures are of optimised code
const { events, values, seconds, perEvent } = run(RUN_MS);
const valuesPerSecond = values / seconds;
console.log(`flatten: ${perEvent} values per event (50 blocks)`);
console.log(`flatten: ${Math.round(events / seconds).toLocaleString('en')} events/s, ${Math.round(valuesPerSecond).toLocaleString('en')} values/s on one core`);
console.log(
  `flatten: target ${TARGET_VALUES_PER_SECOND.toLocaleString('en')} values/s: ${valuesPerSecond >= TARGET_VALUES_PER_SECOND ? 'met' : 'NOT met'}`,
);
