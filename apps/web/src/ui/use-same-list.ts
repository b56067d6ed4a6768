import { useRef } from 'preact/hooks';

/**
 * `list`, or the list given on an earlier render while it holds the same items in the same order:
 * a list built afresh on each render keeps its identity until its items change, so an effect or a
 * memo that depends on it runs only then.
 */
export function useSameList<T>(list: readonly T[]): readonly T[] {
  const kept = useRef(list);
  if (!sameItems(kept.current, list)) kept.current = list;
  return kept.current;
}

/** Whether two lists hold the same items (`===`) in the same order. */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
