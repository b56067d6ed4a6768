import { buildTree, visibleRows } from './field-tree';

const fields = ['ferm/beer[degC]', 'ferm/fridge[degC]', 'ferm/pid/out', 'spark/heap'];

describe('buildTree', () => {
  it('groups the fields by / segment, keeping their order', () => {
    const tree = buildTree(fields);
    expect(tree.map((node) => node.segment)).toEqual(['ferm', 'spark']);
    expect(tree[0].children.map((node) => node.segment)).toEqual(['beer[degC]', 'fridge[degC]', 'pid']);
    expect(tree[0].children[2].children[0]).toMatchObject({ path: 'ferm/pid/out', field: 'ferm/pid/out' });
    expect(tree[0].field).toBeUndefined();
  });

  it('makes a field that also has children a leaf below its own branch', () => {
    const [node] = buildTree(['a', 'a/b']);
    expect(node.field).toBeUndefined();
    expect(node.children.map((child) => child.field)).toEqual(['a', 'a/b']);
  });

  it('keeps empty segments of names such as a//b apart from a/b', () => {
    const tree = buildTree(['a//b', 'a/b']);
    expect(tree[0].children.map((node) => node.path)).toEqual(['a/', 'a/b']);
    expect(tree[0].children[0].children[0].field).toBe('a//b');
  });
});

describe('visibleRows', () => {
  it('shows the children of expanded branches only, with their level and place among siblings', () => {
    const rows = visibleRows(buildTree(fields), (path) => path === 'ferm');
    expect(rows.map((row) => [row.node.path, row.level, row.positionInSet, row.setSize, row.expanded])).toEqual([
      ['ferm', 1, 1, 2, true],
      ['ferm/beer[degC]', 2, 1, 3, false],
      ['ferm/fridge[degC]', 2, 2, 3, false],
      ['ferm/pid', 2, 3, 3, false],
      ['spark', 1, 2, 2, false],
    ]);
  });

  it('lists 50,000 fields quickly enough to rebuild on every keystroke', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => `svc-${i % 50}/block ${i}/value[degC]`).sort();
    const rows = visibleRows(buildTree(many), () => true);
    expect(rows.filter((row) => row.node.field !== undefined)).toHaveLength(50_000);
  });
});
