/** A node of the field tree: a `/` segment of field names; a leaf is a whole field. */
export interface TreeNode {
  /** The path from the root, segments joined by `/`. */
  path: string;
  segment: string;
  /** The field this node names, when a field has exactly this path. */
  field?: string;
  children: TreeNode[];
}

/** A node as the virtualised tree shows it: one row, with what ARIA needs to say where it sits. */
export interface TreeRow {
  node: TreeNode;
  level: number;
  setSize: number;
  positionInSet: number;
  expanded: boolean;
}

/** The tree of field names by `/` segment, siblings in the order of the (sorted) names. */
export function buildTree(fields: readonly string[]): TreeNode[] {
  const root: TreeNode = { path: '', segment: '', children: [] };
  const index = new Map<string, TreeNode>();
  for (const field of fields) {
    let parent = root;
    let path = '';
    for (const segment of field.split('/')) {
      path = path === '' && parent === root ? segment : `${path}/${segment}`;
      let node = index.get(path);
      if (!node) {
        node = { path, segment, children: [] };
        index.set(path, node);
        parent.children.push(node);
      }
      parent = node;
    }
    parent.field = field;
  }
  splitBranchFields(root.children);
  return root.children;
}

/** A node that is a field and has children too gets its field as a first child, so every field is a leaf. */
function splitBranchFields(nodes: TreeNode[]): void {
  for (const node of nodes) {
    if (node.children.length === 0) continue;
    splitBranchFields(node.children);
    if (node.field !== undefined) {
      node.children.unshift({ path: `${node.path}\u0000`, segment: node.segment, field: node.field, children: [] });
      delete node.field;
    }
  }
}

/** The rows shown: every node whose ancestors are all expanded, depth first. */
export function visibleRows(roots: readonly TreeNode[], isExpanded: (path: string) => boolean): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (nodes: readonly TreeNode[], level: number) => {
    nodes.forEach((node, i) => {
      const expanded = node.children.length > 0 && isExpanded(node.path);
      rows.push({ node, level, setSize: nodes.length, positionInSet: i + 1, expanded });
      if (expanded) walk(node.children, level + 1);
    });
  };
  walk(roots, 1);
  return rows;
}
