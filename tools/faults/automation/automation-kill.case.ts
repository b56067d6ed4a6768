import { Incident } from '@eventcast/automation-model';
import { count, FaultCase, sleep } from '../fault-case';
import { AutomationScene, brokenDelivery, TOO_WARM } from './automation-scene';

const RULES = 10;
const KILLS = 3;
/** Each beer stays too warm, then cool, this long, each a little after the one before. */
const SWING_MS = 3_000;
const PUBLISH_EVERY_MS = 250;
/** A slow receiver, so that notifications wait in the outbox when the kill comes. */
const RECEIVER_ANSWERS_AFTER_MS = 100;

/**
 * The automation service killed (SIGKILL) three times while its rules open and close incidents:
 * no rule may fire twice for one time the beer went too warm (incidents of one rule never overlap,
 * and there are no more of them than times it went too warm), and every notification reaches its
 * receiver, in order, with at most one double per kill (docs/automation.md).
 */
export const automationKillCase: FaultCase = {
  service: 'automation',
  name: `SIGKILL ${KILLS} times while ${RULES} rules open and close incidents`,
  async run(run) {
    const scene = await AutomationScene.start(run, RULES);
    scene.receiver.answerAfterMs = RECEIVER_ANSWERS_AFTER_MS;
    const tooWarmSpells = new Array<number>(RULES).fill(0);
    let publishing = true;
    const started = Date.now();
    const publisher = (async () => {
      const wasWarm = new Array<boolean>(RULES).fill(false);
      while (publishing) {
        await Promise.all(
          scene.fields.map((_, index) => {
            const warm = Math.floor((Date.now() - started + index * 300) / SWING_MS) % 2 === 1;
            if (warm && !wasWarm[index]) tooWarmSpells[index]++;
            wasWarm[index] = warm;
            return scene.publish(index, warm ? TOO_WARM + 3 : TOO_WARM - 3);
          }),
        );
        await sleep(PUBLISH_EVERY_MS);
      }
    })();
    for (let kill = 0; kill < KILLS; kill++) {
      await sleep(run.short ? 2_500 : 10_000);
      await scene.killService();
    }
    await sleep(SWING_MS);
    publishing = false;
    await publisher;
    await Promise.all(scene.fields.map((_, index) => scene.publish(index, TOO_WARM - 3)));
    const incidents = await scene.waitUntilAllClosed(30_000);
    const report = await scene.waitUntilDelivered(incidents, 30_000);
    const doubledFirings = doubleFirings(incidents, tooWarmSpells, (index) => scene.ruleId(index));
    const spells = tooWarmSpells.reduce((sum, n) => sum + n, 0);
    return {
      summary:
        `${count(spells)} spells too warm over ${RULES} rules, ${count(incidents.length)} incidents ` +
        `(${count(incidents.filter((incident) => !incident.closedAt).length)} left open), ` +
        `${count(report.expected - report.lost.length)} of ${count(report.expected)} notifications taken, ` +
        `doubled ${count(report.doubled)} (promised: no rule fired twice for one spell, every notification, ` +
        `in order, at most one double per receiver and kill)`,
      broken: [
        ...doubledFirings,
        ...brokenDelivery(report, KILLS * RULES),
        ...(incidents.some((incident) => !incident.closedAt) ? ['an incident stayed open after the beer cooled'] : []),
      ],
    };
  },
};

/** Rules with more incidents than spells too warm, or with two incidents open at once. */
function doubleFirings(incidents: Incident[], spells: number[], ruleId: (index: number) => string): string[] {
  return spells.flatMap((spellCount, index) => {
    const own = incidents.filter((incident) => incident.ruleId === ruleId(index));
    const overlapping = own.some((incident, at) => at > 0 && (own[at - 1].closedAt ?? '~') > incident.openedAt);
    return [
      ...(own.length > spellCount
        ? [`${ruleId(index)}: ${own.length} incidents for ${spellCount} spells too warm`]
        : []),
      ...(overlapping ? [`${ruleId(index)}: two incidents open at once`] : []),
    ];
  });
}
