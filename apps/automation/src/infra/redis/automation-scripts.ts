import { CommandParser, defineScript } from 'redis';

/**
 * Adds the outbox entries given after the first `fixed` ARGV (key, receiver, JSON each) to the
 * outbox hash (KEYS[4]), the receivers' hash (KEYS[5]), the set of receivers (KEYS[6]) and, in
 * order, each receiver's queue (KEYS[10] onwards, one per entry).
 */
const ENQUEUE = `
local function enqueue(fixed)
  for i = 0, (#ARGV - fixed) / 3 - 1 do
    local key, receiver, text = ARGV[fixed + 3 * i + 1], ARGV[fixed + 3 * i + 2], ARGV[fixed + 3 * i + 3]
    redis.call('HSET', KEYS[4], key, text)
    redis.call('HSET', KEYS[5], key, receiver)
    redis.call('SADD', KEYS[6], receiver)
    redis.call('RPUSH', KEYS[10 + i], key)
  end
end`;

/**
 * The keys every incident write names: the incidents, their notification counts, the open incident
 * of each rule, the outbox's, the incidents' counter, their order and the rule's order.
 */
export interface IncidentWriteKeys {
  incidents: string;
  notified: string;
  open: string;
  outbox: string;
  outboxReceivers: string;
  receivers: string;
  counter: string;
  order: string;
  ruleOrder: string;
  /** The queue of each entry's receiver, in the entries' order. */
  queues: string[];
}

/** One outbox entry as the scripts take it. */
export interface EntryArgs {
  key: string;
  receiver: string;
  text: string;
}

function pushIncidentWrite(parser: CommandParser, keys: IncidentWriteKeys, args: string[], entries: EntryArgs[]) {
  const { incidents, notified, open, outbox, outboxReceivers, receivers, counter, order, ruleOrder, queues } = keys;
  parser.pushKeysLength([
    incidents,
    notified,
    open,
    outbox,
    outboxReceivers,
    receivers,
    counter,
    order,
    ruleOrder,
    ...queues,
  ]);
  parser.push(...args, ...entries.flatMap((entry) => [entry.key, entry.receiver, entry.text]));
}

/**
 * Opens an incident unless its id exists or its rule has one open: ARGV id, rule id, JSON, count
 * of notifications, then the entries. Answers 1, or 0 when it wrote nothing.
 */
const OPEN_INCIDENT = defineScript({
  SCRIPT: `${ENQUEUE}
local id, rule = ARGV[1], ARGV[2]
if redis.call('HEXISTS', KEYS[1], id) == 1 or redis.call('HEXISTS', KEYS[3], rule) == 1 then return 0 end
local seq = redis.call('INCR', KEYS[7])
redis.call('HSET', KEYS[1], id, ARGV[3])
redis.call('HSET', KEYS[2], id, ARGV[4])
redis.call('HSET', KEYS[3], rule, id)
redis.call('ZADD', KEYS[8], seq, id)
redis.call('ZADD', KEYS[9], seq, id)
enqueue(4)
return 1`,
  parseCommand(parser: CommandParser, keys: IncidentWriteKeys, args: string[], entries: EntryArgs[]) {
    pushIncidentWrite(parser, keys, args, entries);
  },
  transformReply: (reply: unknown) => reply as number,
});

/**
 * Replaces an incident if it is still as it was read (compare and set): ARGV id, rule id, old JSON,
 * old count, new JSON, new count, '1' while it stays open or '0', then the entries. Answers 1, or
 * 0 when it changed meanwhile and nothing was written.
 */
const CHANGE_INCIDENT = defineScript({
  SCRIPT: `${ENQUEUE}
local id, rule = ARGV[1], ARGV[2]
if redis.call('HGET', KEYS[1], id) ~= ARGV[3] or redis.call('HGET', KEYS[2], id) ~= ARGV[4] then return 0 end
redis.call('HSET', KEYS[1], id, ARGV[5])
redis.call('HSET', KEYS[2], id, ARGV[6])
if ARGV[7] == '0' and redis.call('HGET', KEYS[3], rule) == id then redis.call('HDEL', KEYS[3], rule) end
enqueue(7)
return 1`,
  parseCommand(parser: CommandParser, keys: IncidentWriteKeys, args: string[], entries: EntryArgs[]) {
    pushIncidentWrite(parser, keys, args, entries);
  },
  transformReply: (reply: unknown) => reply as number,
});

/** Takes a notification (ARGV[1]) of a receiver (ARGV[2]) off the outbox (KEYS: outbox, receivers' hash, receivers, queue). */
const TAKE_OFF = defineScript({
  SCRIPT: `
local key, receiver = ARGV[1], ARGV[2]
redis.call('HDEL', KEYS[1], key)
redis.call('HDEL', KEYS[2], key)
redis.call('LREM', KEYS[4], 1, key)
if redis.call('LLEN', KEYS[4]) == 0 then redis.call('SREM', KEYS[3], receiver) end`,
  NUMBER_OF_KEYS: 4,
  parseCommand(parser: CommandParser, keys: string[], key: string, receiver: string) {
    for (const one of keys) parser.pushKey(one);
    parser.push(key, receiver);
  },
  transformReply: () => undefined,
});

/** Sets a field (ARGV[1]) of a hash (KEYS[1]) to ARGV[2] only if the field exists. */
const SET_IF_PRESENT = defineScript({
  SCRIPT: `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end`,
  NUMBER_OF_KEYS: 1,
  parseCommand(parser: CommandParser, hash: string, field: string, value: string) {
    parser.pushKey(hash);
    parser.push(field, value);
  },
  transformReply: () => undefined,
});

/** The scripts of the Redis adapter, run by SHA (`EVALSHA`) and loaded by the client when Redis lacks them. */
export const AUTOMATION_SCRIPTS = {
  openIncident: OPEN_INCIDENT,
  changeIncident: CHANGE_INCIDENT,
  takeOff: TAKE_OFF,
  setIfPresent: SET_IF_PRESENT,
};
