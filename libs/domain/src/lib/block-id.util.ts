/** Block names: a letter, then letters, digits, space, `_`, `-`, `(`, `)` and `|`. */
export const BLOCK_ID_PATTERN = /^\p{L}[\p{L}\p{N} _\-()|]*$/u;

/** The longest block name, in characters. */
export const BLOCK_ID_MAX_LENGTH = 200;

/** Says what `BLOCK_ID_PATTERN` asks for, after the field's name in a validation message. */
export const BLOCK_ID_RULE = 'must start with a letter, then letters, digits, space, _, -, (, ) or |';

/** Whether `id` is a valid block name: it matches `BLOCK_ID_PATTERN` and is at most 200 characters. */
export function isValidBlockId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= BLOCK_ID_MAX_LENGTH && BLOCK_ID_PATTERN.test(id);
}
