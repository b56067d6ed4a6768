import { DATASTORE_TOPIC, datastoreTopic } from '@eventcast/domain';
import { MqttRecorder, PrivateBroker, ServiceUnderTest, waitFor } from '@eventcast/testing';
import { count, FaultCase, sleep } from '../fault-case';
import { AnsweredWrite, WriteLoad } from '../write-load';
import { DatastoreWriter, datastoreWriters } from './datastore-writers';

/**
 * The datastore (embedded store) while 6 clients call `set` and 2 call `mset`, each in a top-level
 * namespace of its own, and a peer subscribes to every change event: the broker stops (SIGTERM),
 * stays away 1.5 s, and starts again (once in the short form; three times, 4 s away, in the full one).
 * The change event of every answered write must either reach the peer, on time or when the broker
 * returns, or be logged as unpublished by the datastore: none may go missing without a word, and
 * none that was logged may arrive after all.
 */
export const brokerAwayCase: FaultCase = {
  service: 'datastore',
  name: 'broker away while documents change',
  async run(run) {
    const broker = run.stopAtEnd(await PrivateBroker.start(run.tempDir('broker')));
    const env = { MQTT_URL: broker.url, REDIS_URL: '', DATA_DIR: run.tempDir('datastore') };
    const datastore = run.stopAtEnd(await ServiceUnderTest.start('datastore', env));
    // With a session the broker keeps across its restart, the peer misses nothing published after
    // the restart, even before it is back.
    const peer = await MqttRecorder.connectWithSession(broker.url, 'faults-peer', `${DATASTORE_TOPIC}/#`);
    run.stopAtEnd({ stop: () => peer.close() });
    const writers = datastoreWriters(datastore.client, 6, 2);
    const load = new WriteLoad(writers).start();

    /** Per outage: when the broker returned, and how many messages the peer had seen by then. */
    const returns: Array<{ at: number; seen: number }> = [];
    for (let outage = 0; outage < (run.short ? 1 : 3); outage++) {
      await sleep(run.short ? 500 : 2000);
      await broker.shutdown();
      await sleep(run.short ? 1500 : 4000);
      const seen = peer.seen.length;
      await broker.restart();
      returns.push({ at: Date.now(), seen });
      await waitFor('change events after the broker returned', () => peer.seen.length > seen, 15_000);
    }
    await sleep(run.short ? 500 : 2000);
    await load.stop();
    await waitFor('the events of the last writes', () =>
      writers.every((writer, i) => {
        const last = load.answered.findLast((write) => write.writer === i);
        return !last || eventsSeen(peer, writer).has(last.version);
      }),
    ).catch(() => undefined); // the count below names what never came

    let delivered = 0;
    let sentOnReturn = 0;
    let unpublished = 0;
    let silent = 0;
    let loggedButSent = 0;
    writers.forEach((writer, i) => {
      const seen = eventsSeen(peer, writer);
      const answered = load.answered.filter((write) => write.writer === i);
      const missing = answered.filter((write) => !seen.has(write.version)).length;
      const logged = logLines(datastore.log, `could not publish on ${datastoreTopic(writer.namespace)}: `);
      const heldUntilReturn = (write: AnsweredWrite) => {
        const next = returns.find((back) => back.at > write.at);
        return next !== undefined && (seen.get(write.version) ?? -1) >= next.seen;
      };
      delivered += answered.length - missing;
      sentOnReturn += answered.filter(heldUntilReturn).length;
      unpublished += logged;
      silent += Math.max(0, missing - logged);
      loggedButSent += Math.max(0, logged - missing);
    });
    return {
      summary:
        `${returns.length} × broker away: answered ${count(load.answered.length)} set and mset calls; ` +
        `their change events: ${count(delivered)} delivered (${count(sentOnReturn)} of them when the broker returned), ` +
        `${count(unpublished)} logged as unpublished, ${count(silent)} lost without a word (promised: 0)`,
      broken: [
        ...(silent ? [`${count(silent)} change events neither reached the peer nor were logged as unpublished`] : []),
        ...(loggedButSent ? [`${count(loggedButSent)} change events logged as unpublished reached the peer`] : []),
      ],
    };
  },
};

/** The versions whose change event the peer saw on `writer`'s topic, each with its position in `peer.seen`. */
function eventsSeen(peer: MqttRecorder, writer: DatastoreWriter): Map<number, number> {
  const topic = datastoreTopic(writer.namespace);
  const versions = new Map<number, number>();
  peer.seen.forEach((message, position) => {
    const event = message.payload as { changed?: Array<{ version?: number }> };
    const version = message.topic === topic ? event.changed?.[0]?.version : undefined;
    if (version !== undefined && !versions.has(version)) versions.set(version, position);
  });
  return versions;
}

/** How many lines of `log` hold `text`. */
function logLines(log: string, text: string): number {
  return log.split('\n').filter((line) => line.includes(text)).length;
}
