import { ObservedBlock } from './trigger-watch.type';

/** One index per state event, shared by every rule that reads a block from it. */
const indexes = new WeakMap<readonly ObservedBlock[], Map<string, ObservedBlock>>();

/** The block `id` of a state event's blocks, found without a scan once the event is indexed. */
export function blockById(blocks: readonly ObservedBlock[], id: string): ObservedBlock | undefined {
  let index = indexes.get(blocks);
  if (index === undefined) {
    index = new Map(blocks.map((block) => [block.id, block]));
    indexes.set(blocks, index);
  }
  return index.get(id);
}

/** The value at a path in block data (`['sensor', 'value']`), undefined where there is none. */
export function valueAtPath(data: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = data;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
