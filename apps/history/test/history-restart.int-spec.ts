import { randomBytes } from 'node:crypto';
import { historyTopic } from '@eventcast/domain';
import { historyStores, waitFor } from '@eventcast/testing';
import { useHistoryWithPublisher } from './history-with-publisher';

describe.each(historyStores())('the history service on $label across a restart', ({ env }) => {
  const key = `restart-${randomBytes(4).toString('hex')}`;
  const running = useHistoryWithPublisher(env, (publisher) =>
    publisher.publishAsync(historyTopic(`${key}-retained`), '', { qos: 1, retain: true }),
  );

  /** Every stored value of `field`, oldest first, as `[epoch ms, value]`. */
  async function stored(field: string): Promise<number[][]> {
    const csv = await running.history.csv({ fields: [field], duration: '1h', precision: 'ms' });
    return csv
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',').map(Number));
  }

  it('stores a retained event once, not again when the broker hands it over after a restart', async () => {
    const field = `${key}-retained/v`;
    await running.publisher.publishAsync(
      historyTopic(`${key}-retained`),
      JSON.stringify({ key: `${key}-retained`, data: { v: 5 } }),
      { qos: 1, retain: true },
    );
    await waitFor('the live delivery to be stored', async () => (await stored(field)).length === 1);

    await running.history.stop();
    await running.history.start();
    await waitFor('the retained delivery after the restart', () => running.history.ingest.stats.retainedEvents > 0);
    await running.history.writer.flush();
    expect((await stored(field)).map(([, value]) => value)).toEqual([5]);
  });

  it('stores the events published while it was down once it is back', async () => {
    const field = `${key}-down/v`;
    await running.history.stop();
    for (const value of [1, 2, 3]) {
      await running.publisher.publishAsync(
        historyTopic(`${key}-down`),
        JSON.stringify({ key: `${key}-down`, data: { v: value } }),
        { qos: 1 },
      );
    }
    await running.history.start();
    const rows = await waitFor('the three events', async () => {
      const values = await stored(field);
      return values.length === 3 && values;
    });
    expect(rows.map(([, value]) => value)).toEqual([1, 2, 3]);
  });

  it('writes the values still waiting in its buffer when it stops', async () => {
    const field = `${key}-stop/v`;
    const accepted = running.history.ingest.stats.acceptedEvents;
    const events = 200;
    for (let value = 0; value < events; value++) {
      void running.publisher.publishAsync(
        historyTopic(`${key}-stop`),
        JSON.stringify({ key: `${key}-stop`, data: { v: value } }),
        { qos: 1 },
      );
    }
    await waitFor('every event received', () => running.history.ingest.stats.acceptedEvents - accepted === events);
    await running.history.stop();
    await running.history.start();
    expect(await stored(field)).toHaveLength(events);
  });
});
