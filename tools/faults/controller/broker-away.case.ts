import { StateEvent, stateTopic } from '@eventcast/domain';
import { MqttRecorder, PrivateBroker, ServiceUnderTest } from '@eventcast/testing';
import { count, FaultCase, sleep } from '../fault-case';
import { controllerEnv, SERVICE_ID } from './controller-env';
import { controllerWriters } from './controller-writers';

const BROADCAST_INTERVAL_MS = 200;
/** Both broker connections of a service try again every second (docs/events.md). */
const RECONNECT_PERIOD_MS = 1000;
/** What a busy machine may add to the promise before the case calls it broken. */
const SLACK_MS = 1000;

/**
 * The controller (state event every 200 ms) and a peer subscribed to its state topic: the broker
 * is killed, stays away 1.5 s (short form) or 5 s while a client patches a block through REST, and
 * starts again. State events must resume within the reconnection period plus one interval, holding
 * the patches made meanwhile, and every patch must be answered. Then the controller is killed
 * (SIGKILL), and the peer must see its last will: the retained state event with `data: null`.
 */
export const brokerAwayCase: FaultCase = {
  service: 'controller',
  name: 'broker away, then controller SIGKILL',
  async run(run) {
    const broker = run.stopAtEnd(await PrivateBroker.start());
    const env = controllerEnv(run, broker.url, { BROADCAST_INTERVAL_MS: String(BROADCAST_INTERVAL_MS) });
    const controller = run.stopAtEnd(await ServiceUnderTest.start('controller', env));
    const [writer] = controllerWriters(controller.client, SERVICE_ID, 0, 1);
    await writer.create();
    const topic = stateTopic(SERVICE_ID);
    const peer = await MqttRecorder.connect(broker.url, topic);
    run.stopAtEnd({ stop: () => peer.close() });
    const stateAfter = (what: string, seen: number, accept: (event: StateEvent) => boolean) =>
      peer.next<StateEvent>(topic, what, accept, seen, 10_000);
    await stateAfter('a state event', 0, (event) => event.data !== null);

    await broker.stop();
    let version = 0;
    let refused = 0;
    const until = Date.now() + (run.short ? 1500 : 5000);
    while (Date.now() < until) {
      if (!(await writer.write(++version))) refused++;
      await sleep(50);
    }
    const seenWhileAway = peer.on(topic).length;
    await broker.restart();
    const returnedAt = Date.now();
    const { payload: resumed } = await stateAfter(
      'a state event after the broker returned',
      seenWhileAway,
      (event) => event.data !== null,
    );
    const resumedMs = Date.now() - returnedAt;
    const setting = resumed.data?.blocks.find((block) => block.id === writer.blockId)?.data.setting as
      { value: number } | undefined;

    const seenBeforeKill = peer.on(topic).length;
    await controller.stop('SIGKILL');
    const killedAt = Date.now();
    await stateAfter('the last will', seenBeforeKill, (event) => event.data === null);
    const willMs = Date.now() - killedAt;
    // A broker marks a message retained only to a subscriber that joins after it was published.
    const latecomer = await MqttRecorder.connect(broker.url, topic);
    const kept = await latecomer.next<StateEvent>(topic, 'the retained state event', () => true, 0, 5000);
    await latecomer.close();

    const promisedMs = RECONNECT_PERIOD_MS + BROADCAST_INTERVAL_MS;
    return {
      summary:
        `${count(version - refused)} of ${count(version)} block patches answered while the broker was away; ` +
        `state events resumed ${count(resumedMs)} ms after it returned (promised: within ${count(promisedMs)} ms); ` +
        `last will seen ${willMs} ms after SIGKILL, ${kept.payload.data === null ? 'and kept as the retained state' : 'but not kept'} (promised: at once, and kept)`,
      broken: [
        ...(refused ? [`${refused} block patches refused while the broker was away`] : []),
        ...(resumedMs > promisedMs + SLACK_MS
          ? [`state events resumed only ${resumedMs} ms after the broker returned`]
          : []),
        ...(setting?.value === version
          ? []
          : [`the first state event after the outage shows setting ${JSON.stringify(setting)}, not ${version}`]),
        ...(kept.retain && kept.payload.data === null ? [] : ['the last will is not the retained state event']),
      ],
    };
  },
};
