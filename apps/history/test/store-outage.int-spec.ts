import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { connectAsync } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { answerOf, dataOf, freePort, testBrokerUrl, waitFor } from '@eventcast/testing';
import { HistoryUnderTest } from './history-under-test';

describe('the history service while its QuestDB store is unreachable', () => {
  const key = `outage-${randomBytes(4).toString('hex')}`;
  let history: HistoryUnderTest;

  beforeAll(async () => {
    history = await (await HistoryUnderTest.create({ QUESTDB_URL: `http://127.0.0.1:${await freePort()}` })).start();
  });

  afterAll(async () => {
    await history.end();
  });

  it('starts anyway and answers ping with 503 naming the reason', async () => {
    await expect(answerOf(history.client.GET('/timeseries/ping'))).resolves.toMatchObject({
      status: 503,
      body: { message: expect.stringMatching(/QuestDB at http:\/\/127\.0\.0\.1:\d+ is unreachable/) },
    });
  });

  it('answers queries with 503 naming the reason', async () => {
    await expect(
      answerOf(history.client.POST('/timeseries/metrics', { body: { fields: [`${key}/v`] } })),
    ).resolves.toMatchObject({
      status: 503,
      body: { message: expect.stringContaining('the time-series store could not answer') },
    });
  });

  it('keeps received values instead of dropping them, and keeps what it could not write by shutdown for the next start', async () => {
    const publisher = await connectAsync(testBrokerUrl());
    for (let value = 0; value < 10; value++) {
      await publisher.publishAsync(historyTopic(key), JSON.stringify({ key, data: { v: value, w: -value } }), {
        qos: 1,
      });
    }
    await publisher.endAsync();
    await waitFor('the values in memory', () => history.writer.waitingValues === 20);
    expect(history.writer.stats).toEqual({
      writtenValues: 0,
      writtenAnnotations: 0,
      rejectedValues: 0,
      rejectedAnnotations: 0,
      replayedEvents: 0,
    });

    const warnings = jest.spyOn(Logger.prototype, 'warn');
    await history.stop();
    expect(warnings).toHaveBeenCalledWith(
      expect.stringMatching(
        /^QuestDB at .* did not take everything before shutdown: \d+ bytes of events stay in the spool/,
      ),
    );

    const { QUESTDB_URL: _unreachable, ...embedded } = history.env;
    const next = await HistoryUnderTest.create(embedded);
    await next.start();
    try {
      await waitFor('the spooled values in the embedded store', async () => {
        const latest = await dataOf(
          next.client.POST('/timeseries/metrics', { body: { fields: [`${key}/v`, `${key}/w`] } }),
        );
        return latest.length === 2 && latest[0].value === 9;
      });
      expect(next.writer.stats.replayedEvents).toBeGreaterThanOrEqual(10); // other tests may publish history on the shared broker
    } finally {
      await next.stop();
    }
  });
});
