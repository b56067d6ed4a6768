import type { BlockRelation } from '@eventcast/domain';

/** A block placed on the relations graph: its column (links point right) and row in the column. */
export interface PlacedBlock {
  id: string;
  column: number;
  row: number;
}

/** The relations graph: the linked blocks placed, and how many columns and rows it needs. */
export interface RelationsLayout {
  blocks: PlacedBlock[];
  columns: number;
  rows: number;
}

/**
 * Places every block that links or is linked in columns so that each link points to a column on
 * its right where it can: a block one column right of the furthest block linking to it. Links
 * that go round in a circle are cut after as many passes as there are blocks. Rows follow the
 * order of first appearance in `relations`.
 */
export function layoutRelations(relations: readonly BlockRelation[]): RelationsLayout {
  const ids = [...new Set(relations.flatMap(({ source, target }) => [source, target]))];
  const column = new Map(ids.map((id) => [id, 0]));
  for (let pass = 0; pass < ids.length; pass++) {
    let moved = false;
    for (const { source, target } of relations) {
      const wanted = (column.get(source) ?? 0) + 1;
      if (wanted > (column.get(target) ?? 0) && wanted < ids.length) {
        column.set(target, wanted);
        moved = true;
      }
    }
    if (!moved) break;
  }
  const rowsUsed: number[] = [];
  const blocks = ids.map((id) => {
    const at = column.get(id) ?? 0;
    const row = rowsUsed[at] ?? 0;
    rowsUsed[at] = row + 1;
    return { id, column: at, row };
  });
  return { blocks, columns: rowsUsed.length, rows: Math.max(0, ...rowsUsed.map((rows) => rows ?? 0)) };
}
