import { CommandParser, defineScript } from 'redis';

/**
 * Stores each document whose JSON differs from the stored text, in one atomic step: KEYS are the
 * namespace hashes, ARGV the id and text of each document in turn. Answers the positions (from 1)
 * of the documents it changed.
 */
const SET_CHANGED = defineScript({
  SCRIPT: `
local changed = {}
for i = 1, #KEYS do
  local id, text = ARGV[2 * i - 1], ARGV[2 * i]
  if redis.call('HGET', KEYS[i], id) ~= text then
    redis.call('HSET', KEYS[i], id, text)
    changed[#changed + 1] = i
  end
end
return changed`,
  parseCommand(parser: CommandParser, hashes: string[], idsAndTexts: string[]) {
    parser.pushKeysLength(hashes);
    parser.push(...idsAndTexts);
  },
  transformReply: (reply: unknown) => reply as number[],
});

/** Deletes ids (ARGV) from one namespace hash (KEYS[1]); answers the ids that existed. */
const DELETE_EXISTING = defineScript({
  SCRIPT: `
local deleted = {}
for i = 1, #ARGV do
  if redis.call('HDEL', KEYS[1], ARGV[i]) == 1 then deleted[#deleted + 1] = ARGV[i] end
end
return deleted`,
  NUMBER_OF_KEYS: 1,
  parseCommand(parser: CommandParser, hash: string, ids: string[]) {
    parser.pushKey(hash);
    parser.push(...ids);
  },
  transformReply: (reply: unknown) => reply as string[],
});

/** The scripts of the Redis adapter, run by SHA (`EVALSHA`) and loaded by the client when Redis lacks them. */
export const DOCUMENT_SCRIPTS = { setChanged: SET_CHANGED, deleteExisting: DELETE_EXISTING };
