import { BlockData, isPlainObject, parsePostfixedKey, setOwn } from './values';

/**
 * The data a patch asks for: `previous` with the patch laid over it. Objects merge deeply; arrays,
 * quantities and links are replaced whole. A field patched under another key form replaces the
 * previous one: `"offset[delta_degF]": 2` replaces `offset`, and `offset` replaces `offset[...]`.
 * Neither argument is changed; the result goes through `normaliseWrite` like any write.
 */
export function mergePatch(previous: BlockData, patch: BlockData): BlockData {
  const result: BlockData = {};
  const patchedNames = new Set(Object.keys(patch).map(fieldName));
  for (const key of Object.keys(previous)) {
    if (!patchedNames.has(fieldName(key)) || Object.hasOwn(patch, key)) setOwn(result, key, previous[key]);
  }
  for (const key of Object.keys(patch)) {
    const before = result[key];
    const value = patch[key];
    setOwn(
      result,
      key,
      Object.hasOwn(result, key) && isPlainObject(before) && isPlainObject(value) ? mergePatch(before, value) : value,
    );
  }
  return result;
}

function fieldName(key: string): string {
  return parsePostfixedKey(key)?.name ?? key;
}
