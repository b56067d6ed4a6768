import fc from 'fast-check';
import { AUTOMATION_NAMESPACE } from '@eventcast/automation-model';
import { BlockOperation, blockTopic, datastoreTopic, historyTopic, stateTopic } from '@eventcast/domain';
import { anyJson, edited, hostileText, nested, trickyString, withText } from './bodies';

/** One MQTT message the fuzzer publishes. */
export interface FuzzMessage {
  topic: string;
  payload: string | Buffer;
  strategy: string;
  /**
   * True when no service may take it (not JSON, not an object, or a block message whose body
   * cannot be valid): the fuzzer then checks that it changed nothing.
   */
  invalid: boolean;
}

const BLOCK_OPERATIONS: BlockOperation[] = ['create', 'write', 'patch', 'delete'];

/**
 * Payloads for the topics the services subscribe to: the controller's block topics, the datastore
 * events the controller follows (its own namespace and `svc-global`) and the automation service
 * follows (`svc-automation`), history events (the history service and the automation service take
 * `eventcast/history/#`), and the state events of other controllers, their last wills among them
 * (the automation service's offline triggers). The datastore subscribes to nothing.
 */
export function messages(serviceId: string, blockExample: Record<string, unknown>): fc.Arbitrary<FuzzMessage> {
  const block = { ...blockExample, serviceId };
  const strings = trickyString([block]);
  const blockTopics = fc.constantFrom(...BLOCK_OPERATIONS.map(blockTopic));
  const notJson = fc.oneof(
    fc.string({ maxLength: 100, unit: 'binary' }).filter((text) => !isJson(text)),
    fc.constant(Buffer.from([0xff, 0xfe, 0x7b, 0x00])),
    fc.constant(''),
  );
  const notObject = fc
    .oneof(fc.array(anyJson, { maxLength: 4 }), fc.string(), fc.double(), fc.boolean(), fc.constant(null))
    .map((value) => JSON.stringify(value));
  const invalid = (strategy: string) => (payload: string | Buffer) => ({ payload, strategy, invalid: true });
  // A block body whose `id` is not a string is invalid for every operation; one whose `data` is
  // not an object for all but delete, which reads `id` alone.
  const invalidBlock = (topic: string) =>
    fc
      .tuple(
        fc.constantFrom(...(topic === blockTopic('delete') ? ['id'] : ['data', 'id'])),
        fc.oneof(fc.string(), fc.integer(), fc.array(anyJson, { maxLength: 2 }), fc.constant(null)),
      )
      .filter(([field, value]) => !(field === 'id' && typeof value === 'string'))
      .map(([field, value]) => JSON.stringify({ ...block, [field]: value }));
  const deep = fc
    .tuple(fc.integer({ min: 101, max: 20_000 }), fc.boolean())
    .map(
      ([levels, object]) =>
        `{"id":"Deep","serviceId":"${serviceId}","type":"TempSensorMock","data":{"x":${nested(levels, object)}}}`,
    );
  const historyKey = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,11}$/).map((key) => `fuzz-${key}`);
  // Controllers of the fuzzer's own: the real one's retained state stays its own.
  const otherController = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,11}$/).map((id) => `fuzz-${id}`);

  return fc.oneof(
    // Messages no service may take: each must change nothing.
    {
      arbitrary: blockTopics.chain((topic) =>
        fc
          .oneof(
            notJson.map(invalid('not JSON')),
            notObject.map(invalid('not an object')),
            invalidBlock(topic).map(invalid('invalid block')),
            deep.map(invalid('nested too deep')),
          )
          .map((message) => ({ topic, ...message })),
      ),
      weight: 10,
    },
    {
      arbitrary: fc
        .tuple(historyKey, fc.oneof(notJson.map(invalid('not JSON')), notObject.map(invalid('not an object'))))
        .map(([key, message]) => ({
          topic: historyTopic(key),
          ...message,
        })),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(otherController, fc.oneof(notJson.map(invalid('not JSON')), notObject.map(invalid('not an object'))))
        .map(([id, message]) => ({ topic: stateTopic(id), ...message })),
      weight: 2,
    },
    // Messages that may be taken: they may change the state, but must never fail a service.
    {
      arbitrary: fc
        .tuple(
          blockTopics,
          fc.nat(),
          fc.constantFrom<'replace' | 'delete' | 'add'>('replace', 'delete', 'add'),
          fc.oneof(anyJson, strings),
          strings,
        )
        .map(([topic, pick, edit, junk, key]) => ({
          topic,
          payload: JSON.stringify(edited(block, pick, edit, junk, key)),
          strategy: 'block, one value changed',
          invalid: false,
        })),
      weight: 8,
    },
    {
      arbitrary: fc.tuple(blockTopics, fc.nat(), hostileText).map(([topic, pick, text]) => ({
        topic,
        payload: withText(block, pick, text),
        strategy: 'hostile JSON in a block',
        invalid: false,
      })),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            datastoreTopic(`controller-service:${serviceId}`),
            datastoreTopic('svc-global'),
            datastoreTopic(AUTOMATION_NAMESPACE),
          ),
          anyJson,
        )
        .map(([topic, value]) => ({
          topic,
          payload: JSON.stringify(value),
          strategy: 'datastore event',
          invalid: false,
        })),
      weight: 3,
    },
    {
      arbitrary: fc.tuple(historyKey, fc.oneof(anyJson, hostileText)).map(([key, value]) => ({
        topic: historyTopic(key),
        payload: typeof value === 'string' ? `{"key":"${key}","data":${value}}` : JSON.stringify({ key, data: value }),
        strategy: 'history event',
        invalid: false,
      })),
      weight: 3,
    },
    {
      arbitrary: fc.tuple(otherController, fc.oneof(fc.constant(null), anyJson)).map(([key, data]) => ({
        topic: stateTopic(key),
        payload: JSON.stringify({ key, data }),
        strategy: data === null ? 'the last will of a controller' : 'state event',
        invalid: false,
      })),
      weight: 2,
    },
  );
}

/** Whether `text` parses as JSON. */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
