import {
  brokerUrlOptions,
  mqttPublisherOptions,
  mqttTransportOptions,
  publisherClientId,
  uniqueClientId,
} from './mqtt-options';

describe(mqttTransportOptions.name, () => {
  const connection = { url: 'mqtt://localhost:1883', clientId: 'eventcast-history' };

  it('gives the subscribing and the publishing connection of one process different client ids', () => {
    expect(mqttTransportOptions(connection).options?.clientId).toBe('eventcast-history');
    expect(mqttPublisherOptions(connection).clientId).toBe(publisherClientId('eventcast-history'));
    expect(publisherClientId('eventcast-history')).not.toBe('eventcast-history');
  });

  it('leaves out the packet-id cache that would hold 6 MiB in both connections', () => {
    expect(mqttTransportOptions(connection).options).toMatchObject({ writeCache: false });
    expect(mqttPublisherOptions(connection)).toMatchObject({ writeCache: false });
  });

  it('subscribes with QoS 1 and keeps the session only when asked', () => {
    expect(mqttTransportOptions(connection).options).toMatchObject({ subscribeOptions: { qos: 1 }, clean: true });
    expect(mqttTransportOptions({ ...connection, persistentSession: true }).options).toMatchObject({ clean: false });
  });

  it('speaks MQTT 5 with the Receive Maximum asked for, keeping a persistent session after a disconnect', () => {
    expect(mqttTransportOptions(connection).options).not.toHaveProperty('protocolVersion');
    expect(
      mqttTransportOptions({ ...connection, receiveMaximum: 65_535, persistentSession: true }).options,
    ).toMatchObject({
      protocolVersion: 5,
      properties: { receiveMaximum: 65_535, sessionExpiryInterval: 0xffff_ffff },
    });
    expect(mqttTransportOptions({ ...connection, receiveMaximum: 100 }).options).toMatchObject({
      protocolVersion: 5,
      properties: { receiveMaximum: 100 },
    });
    expect(mqttTransportOptions({ ...connection, receiveMaximum: 100 }).options?.properties).not.toHaveProperty(
      'sessionExpiryInterval',
    );
  });

  it('puts the last will on the publishing connection as JSON', () => {
    const will = { topic: 'eventcast/state/c1', payload: { key: 'c1', data: null }, retain: true };
    expect(mqttPublisherOptions({ ...connection, will }).will).toEqual({
      topic: 'eventcast/state/c1',
      payload: '{"key":"c1","data":null}',
      qos: 1,
      retain: true,
    });
    expect(mqttTransportOptions({ ...connection, will }).options?.will).toBeUndefined();
  });
});

describe(uniqueClientId.name, () => {
  it('gives two processes of one service different client ids', () => {
    expect(uniqueClientId('datastore')).toMatch(/^eventcast-datastore-[0-9a-f]{8}$/);
    expect(uniqueClientId('datastore')).not.toBe(uniqueClientId('datastore'));
  });
});

describe(brokerUrlOptions.name, () => {
  it('gives the parts of a broker URL as mqtt.js reads them', () => {
    expect(brokerUrlOptions('mqtt://localhost:1883')).toEqual({ protocol: 'mqtt', host: 'localhost', port: 1883 });
    expect(brokerUrlOptions('mqtts://us%40r:p%3Ass@[::1]:8883')).toEqual({
      protocol: 'mqtts',
      host: '::1',
      port: 8883,
      username: 'us@r',
      password: 'p:ss',
    });
    expect(brokerUrlOptions('ws://broker/mqtt?x=1')).toEqual({ protocol: 'ws', host: 'broker', path: '/mqtt?x=1' });
  });

  it('leaves the URL to the options, so mqtt.js never reads it with the deprecated url.parse()', () => {
    const connection = { url: 'mqtt://localhost:1883', clientId: 'eventcast-history' };
    expect(mqttTransportOptions(connection).options).toMatchObject({ url: '', host: 'localhost', port: 1883 });
  });
});
