import type { BlockRelation } from '@eventcast/domain';
import { blockAnchor } from './block-card';
import { relationLabel } from './relation-label';
import { layoutRelations } from './relations-layout';

const NODE_WIDTH = 170;
const NODE_HEIGHT = 30;
const COLUMN_GAP = 56;
const ROW_GAP = 14;
const LABEL_CHARS = 22;

const xOf = (column: number) => column * (NODE_WIDTH + COLUMN_GAP);
const yOf = (row: number) => row * (NODE_HEIGHT + ROW_GAP);

/**
 * The links between a controller's blocks: a graph (each block a box, each link an arrow named by
 * its field, pointing from the block that holds the link to the block it names) and the same links
 * as a list of links to the blocks' cards, which screen readers and keyboards use.
 */
export function RelationsGraph({
  relations,
  typeOf,
}: {
  relations: readonly BlockRelation[];
  /** The type of a block, by its id, whose field texts name its links. */
  typeOf: (id: string) => string | undefined;
}) {
  const nameOf = ({ source, relation }: BlockRelation) => relationLabel(typeOf(source), relation);
  if (relations.length === 0) return <p class="hint">No block links to another.</p>;
  const layout = layoutRelations(relations);
  const at = new Map(layout.blocks.map((block) => [block.id, block]));
  const width = xOf(layout.columns) - COLUMN_GAP;
  const height = yOf(layout.rows) - ROW_GAP;
  return (
    <>
      <svg
        class="relations-graph"
        viewBox={`-2 -2 ${width + 4} ${height + 4}`}
        style={{ maxWidth: `${width + 4}px` }}
        aria-hidden="true"
      >
        <defs>
          <marker
            id="relation-arrow"
            viewBox="0 0 8 8"
            refX="8"
            refY="4"
            markerWidth="8"
            markerHeight="8"
            orient="auto"
          >
            <path d="M0,0 L8,4 L0,8 z" />
          </marker>
        </defs>
        {relations.map(({ source, target, relation }) => {
          const from = at.get(source);
          const to = at.get(target);
          if (!from || !to) return null;
          const x1 = xOf(from.column) + NODE_WIDTH;
          const y1 = yOf(from.row) + NODE_HEIGHT / 2;
          const x2 = xOf(to.column);
          const y2 = yOf(to.row) + NODE_HEIGHT / 2;
          return (
            <g key={`${source}/${relation.join('.')}`} class="relation">
              <line x1={x1} y1={y1} x2={x2} y2={y2} marker-end="url(#relation-arrow)" />
              <text x={(x1 + x2) / 2} y={(y1 + y2) / 2 - 3} text-anchor="middle">
                {nameOf({ source, target, relation })}
              </text>
            </g>
          );
        })}
        {layout.blocks.map(({ id, column, row }) => (
          <g key={id}>
            <rect x={xOf(column)} y={yOf(row)} width={NODE_WIDTH} height={NODE_HEIGHT} rx="4" />
            <text x={xOf(column) + NODE_WIDTH / 2} y={yOf(row) + NODE_HEIGHT / 2 + 4} text-anchor="middle">
              {id.length > LABEL_CHARS ? `${id.slice(0, LABEL_CHARS - 1)}…` : id}
            </text>
          </g>
        ))}
      </svg>
      <ul class="relation-list" aria-label="Links">
        {relations.map(({ source, target, relation }) => (
          <li key={`${source}/${relation.join('.')}`}>
            <a href={`#${blockAnchor(source)}`}>{source}</a> {nameOf({ source, target, relation })} →{' '}
            <a href={`#${blockAnchor(target)}`}>{target}</a>
          </li>
        ))}
      </ul>
    </>
  );
}
