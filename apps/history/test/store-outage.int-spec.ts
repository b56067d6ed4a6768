import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { connectAsync } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { answerOf, freePort, testBrokerUrl, waitFor } from '@eventcast/testing';
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

  it('keeps received values in its buffer instead of dropping them, and says so when it has to give them up at shutdown', async () => {
    const publisher = await connectAsync(testBrokerUrl());
    for (let value = 0; value < 10; value++) {
      await publisher.publishAsync(historyTopic(key), JSON.stringify({ key, data: { v: value, w: -value } }), {
        qos: 1,
      });
    }
    await publisher.endAsync();
    await waitFor('the values in the buffer', () => history.writer.waitingValues === 20);
    expect(history.writer.stats).toEqual({ writtenValues: 0, overflowValues: 0, rejectedValues: 0 });

    const errors = jest.spyOn(Logger.prototype, 'error');
    await history.stop();
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(/^20 values could not be written to QuestDB at .* before shutdown and are lost$/),
    );
  });
});
