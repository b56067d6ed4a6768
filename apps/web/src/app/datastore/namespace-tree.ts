import { NAMESPACE_SEPARATOR } from '@eventcast/domain';

/** A namespace and how many documents it holds, as the datastore's `namespaces` lists it. */
export interface NamespaceCount {
  namespace: string;
  count: number;
}

/** A node of the namespace tree: one `:` section; `count` is set when a namespace has exactly this path. */
export interface NamespaceNode {
  /** The namespace this node stands for: the sections from the root, joined by `:`. */
  path: string;
  segment: string;
  /** The documents of the namespace `path`; absent for a node that only holds other namespaces. */
  count?: number;
  children: NamespaceNode[];
}

/**
 * The tree of namespaces by `:` section, siblings in the order of the (sorted) list. A namespace
 * that only has sub-namespaces is not listed by the datastore, so it is an inner node without a
 * count; the empty namespace is a root of its own with the empty path.
 */
export function namespaceTree(namespaces: readonly NamespaceCount[]): NamespaceNode[] {
  const roots: NamespaceNode[] = [];
  const index = new Map<string, NamespaceNode>();
  for (const { namespace, count } of namespaces) {
    let siblings = roots;
    let node: NamespaceNode | undefined;
    const segments = namespace.split(NAMESPACE_SEPARATOR);
    segments.forEach((segment, i) => {
      const path = segments.slice(0, i + 1).join(NAMESPACE_SEPARATOR);
      node = index.get(path);
      if (!node) {
        node = { path, segment, children: [] };
        index.set(path, node);
        siblings.push(node);
      }
      siblings = node.children;
    });
    if (node) node.count = count;
  }
  return roots;
}
