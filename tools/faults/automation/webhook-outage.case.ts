import { count, FaultCase, sleep } from '../fault-case';
import { AutomationScene, brokenDelivery, TOO_WARM } from './automation-scene';

const RULES = 5;
/** The delivery's longest wait between two attempts, and how long it waits for an answer (docs/automation.md). */
const MAX_RETRY_MS = 60_000;
const TIMEOUT_MS = 10_000;
/** What a busy machine may add to the promise before the case calls it broken. */
const SLACK_MS = 10_000;

/**
 * Every rule's webhook receiver down while the beer goes too warm and back, again and again: it
 * answers 500 for the first half of the outage and does not answer at all for the second. Once it
 * answers again it must get every notification, in order, each key once, within the delivery's
 * longest wait of its return.
 */
export const webhookOutageCase: FaultCase = {
  service: 'automation',
  name: 'webhook receiver down for 10 minutes (short: 10 s), 500 then no answer',
  deadlineMs: 15 * 60_000,
  async run(run) {
    const outageMs = run.short ? 10_000 : 10 * 60_000;
    const swingMs = run.short ? 1_000 : 15_000;
    const scene = await AutomationScene.start(run, RULES);
    scene.receiver.answerWith(500);
    const started = Date.now();
    let swings = 0;
    while (Date.now() - started < outageMs) {
      if (Date.now() - started >= outageMs / 2) scene.receiver.answerWith('hang');
      const degC = swings % 2 === 0 ? TOO_WARM + 3 : TOO_WARM - 3;
      await Promise.all(scene.fields.map((_, index) => scene.publish(index, degC)));
      swings++;
      await sleep(swingMs);
    }
    await Promise.all(scene.fields.map((_, index) => scene.publish(index, TOO_WARM - 3)));
    const incidents = await scene.waitUntilAllClosed(30_000);
    const turnedAway = scene.receiver.turnedAway;
    const takenDuringOutage = scene.receiver.taken.length;
    scene.receiver.answerWith(200);
    const returned = Date.now();
    const report = await scene.waitUntilDelivered(incidents, MAX_RETRY_MS + TIMEOUT_MS + SLACK_MS);
    const afterMs = Date.now() - returned;
    return {
      summary:
        `${count(incidents.length)} incidents of ${RULES} rules during the outage, ${count(turnedAway)} attempts turned away, ` +
        `${count(takenDuringOutage)} taken while it was down; after its return it took ${count(report.expected - report.lost.length)} ` +
        `of ${count(report.expected)} notifications in ${count(afterMs)} ms, doubled ${count(report.doubled)} ` +
        `(promised: every one, in order, once per key, within ${count(MAX_RETRY_MS + TIMEOUT_MS)} ms)`,
      broken: [
        ...brokenDelivery(report, 0),
        ...(incidents.length < RULES ? [`only ${incidents.length} incidents opened`] : []),
      ],
    };
  },
};
