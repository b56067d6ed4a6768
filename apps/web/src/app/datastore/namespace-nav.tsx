import { namespaceTree, type NamespaceNode } from './namespace-tree';
import type { NamespaceList } from './use-datastore';

/** How a namespace reads on the page; the empty namespace has no name of its own. */
export function namespaceLabel(namespace: string): string {
  return namespace === '' ? '(empty namespace)' : namespace;
}

interface NamespaceNavProps {
  list?: NamespaceList;
  chosen?: string;
  onChoose(namespace: string): void;
}

/**
 * The namespaces as a tree by `:` section, each namespace that holds documents a button with its
 * count; a section that only holds other namespaces is a name alone.
 */
export function NamespaceNav({ list, chosen, onChoose }: NamespaceNavProps) {
  return (
    <nav class="panel namespaces" aria-labelledby="namespaces-heading">
      <h2 id="namespaces-heading">Namespaces</h2>
      {!list && <p class="hint">Loading…</p>}
      {list && list.namespaces.length === 0 && <p class="hint">The datastore holds no document yet.</p>}
      {list && <NamespaceBranch nodes={namespaceTree(list.namespaces)} chosen={chosen} onChoose={onChoose} />}
      {list?.truncated && (
        <p class="hint">The datastore lists its first {list.namespaces.length.toLocaleString('en')} namespaces only.</p>
      )}
    </nav>
  );
}

function NamespaceBranch({
  nodes,
  chosen,
  onChoose,
}: {
  nodes: NamespaceNode[];
  chosen?: string;
  onChoose(namespace: string): void;
}) {
  return (
    <ul class="namespace-tree">
      {nodes.map((node) => (
        <li key={node.path}>
          {node.count === undefined ? (
            <span class="namespace-section">{node.segment}</span>
          ) : (
            <button
              type="button"
              class="namespace"
              aria-current={node.path === chosen ? 'true' : undefined}
              aria-label={`${namespaceLabel(node.path)}, ${documentCount(node.count)}`}
              onClick={() => onChoose(node.path)}
            >
              {node.path === '' ? namespaceLabel('') : node.segment} <span class="count">{node.count}</span>
            </button>
          )}
          {node.children.length > 0 && <NamespaceBranch nodes={node.children} chosen={chosen} onChoose={onChoose} />}
        </li>
      ))}
    </ul>
  );
}

/** `1 document`, `3 documents`. */
export function documentCount(count: number): string {
  return `${count.toLocaleString('en')} document${count === 1 ? '' : 's'}`;
}
