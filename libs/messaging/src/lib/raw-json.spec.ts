import { MqttRecordBuilder } from '@nestjs/microservices';
import { RawJsonDeserializer } from './raw-json.deserializer';
import { RawJsonSerializer } from './raw-json.serializer';

describe(RawJsonSerializer.name, () => {
  const serializer = new RawJsonSerializer();

  it('publishes the payload alone, without a Nest envelope', () => {
    expect(serializer.serialize({ data: { key: 'k', data: { a: 1 } } })).toBe('{"key":"k","data":{"a":1}}');
  });

  it('publishes the payload of a record that carries per-message options', () => {
    const record = new MqttRecordBuilder({ deleted: ['a:b'] }).setRetain(true).build();
    expect(serializer.serialize({ data: record })).toBe('{"deleted":["a:b"]}');
  });

  it('publishes null for a missing payload', () => {
    expect(serializer.serialize({})).toBe('null');
  });

  it('counts the bytes it serialized, as UTF-8', () => {
    const counting = new RawJsonSerializer();
    counting.serialize({ data: { t: 'é' } });
    counting.serialize({ data: 1 });
    expect(counting.bytes).toBe(Buffer.byteLength('{"t":"é"}') + 1);
  });
});

describe(RawJsonDeserializer.name, () => {
  it('gives the handler of the topic the whole payload, data field and all', () => {
    const payload = { key: 'k', data: { a: 1 }, pattern: 'x', id: 'y' };
    expect(new RawJsonDeserializer().deserialize(payload, { channel: 'eventcast/history/k' })).toEqual({
      pattern: 'eventcast/history/k',
      data: payload,
    });
  });
});
