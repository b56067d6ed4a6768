import { randomBytes } from 'node:crypto';
import { historyTopic } from '@eventcast/domain';
import { answerOf, dataOf, historyStores, sendRaw, waitFor } from '@eventcast/testing';
import { useHistoryWithPublisher } from './history-with-publisher';

describe.each(historyStores())('the fields route on $label, for a field picker', ({ env }) => {
  const key = `picker-${randomBytes(4).toString('hex')}`;
  const running = useHistoryWithPublisher(env);
  const names = [
    `${key}/Pump/on`,
    `${key}/Pump/speed[rpm]`,
    `${key}/Sensor 1/Temp[degC]`,
    `${key}/Sensor 2/temp[degC]`,
    `${key}/Sensor 2/humidity[%]`,
  ];
  const fields = (body: { prefix?: string; search?: string; limit?: number; duration?: string }) =>
    dataOf(running.history.client.POST('/timeseries/fields', { body }));

  beforeAll(async () => {
    const data = {
      Pump: { on: true, 'speed[rpm]': 1200 },
      'Sensor 1': { 'Temp[degC]': 4.2 },
      'Sensor 2': { 'temp[degC]': 5.1, 'humidity[%]': 60 },
    };
    await running.publisher.publishAsync(historyTopic(key), JSON.stringify({ key, data }), { qos: 1 });
    await waitFor('the five fields', async () => (await fields({ prefix: `${key}/` })).length === names.length);
  });

  it('lists the names below a prefix, sorted, up to the limit', async () => {
    expect(await fields({ prefix: `${key}/` })).toEqual([...names].sort());
    expect(await fields({ prefix: `${key}/Sensor 2/` })).toEqual([
      `${key}/Sensor 2/humidity[%]`,
      `${key}/Sensor 2/temp[degC]`,
    ]);
    expect(await fields({ prefix: `${key}/`, limit: 2 })).toEqual([`${key}/Pump/on`, `${key}/Pump/speed[rpm]`]);
    expect(await fields({ prefix: `${key}/sensor` })).toEqual([]);
  });

  it('finds a substring in any case, within the prefix and the duration', async () => {
    expect(await fields({ prefix: `${key}/`, search: 'TEMP' })).toEqual([
      `${key}/Sensor 1/Temp[degC]`,
      `${key}/Sensor 2/temp[degC]`,
    ]);
    expect(await fields({ search: `${key}/sensor 1` })).toEqual([`${key}/Sensor 1/Temp[degC]`]);
    expect(await fields({ prefix: `${key}/`, search: 'temp', limit: 1 })).toEqual([`${key}/Sensor 1/Temp[degC]`]);
    expect(await fields({ prefix: `${key}/`, duration: '1ms' })).toEqual([]);
  });

  it('lists the same names after a restart, from the store', async () => {
    await running.history.stop();
    await running.history.start();
    expect(await fields({ prefix: `${key}/`, search: 'pump' })).toEqual([`${key}/Pump/on`, `${key}/Pump/speed[rpm]`]);
  });

  it('refuses a limit outside 1 to 10000 and a prefix or search that is not a string, naming them', async () => {
    for (const limit of [0, 10_001, 1.5]) {
      const answer = await answerOf(running.history.client.POST('/timeseries/fields', { body: { limit } }));
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('limit must');
    }
    for (const body of [{ prefix: 5 }, { search: ['a'] }]) {
      const answer = await sendRaw(`${running.history.url}/timeseries/fields`, body);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(Object.keys(body)[0]);
    }
  });
});
