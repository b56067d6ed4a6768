import { namespaceTree } from './namespace-tree';

describe(namespaceTree.name, () => {
  it('nests namespaces by their : sections, each with its own count', () => {
    expect(
      namespaceTree([
        { namespace: 'svc-ui-store', count: 2 },
        { namespace: 'svc-ui-store:dashboards', count: 1 },
        { namespace: 'svc-ui-store:dashboards:old', count: 4 },
      ]),
    ).toEqual([
      {
        path: 'svc-ui-store',
        segment: 'svc-ui-store',
        count: 2,
        children: [
          {
            path: 'svc-ui-store:dashboards',
            segment: 'dashboards',
            count: 1,
            children: [{ path: 'svc-ui-store:dashboards:old', segment: 'old', count: 4, children: [] }],
          },
        ],
      },
    ]);
  });

  it('makes an inner node without a count for a namespace that only holds others', () => {
    const [controllers] = namespaceTree([
      { namespace: 'controller-service:cellar', count: 3 },
      { namespace: 'controller-service:kitchen', count: 5 },
    ]);
    expect(controllers).toMatchObject({ path: 'controller-service', segment: 'controller-service' });
    expect(controllers.count).toBeUndefined();
    expect(controllers.children.map(({ path, count }) => [path, count])).toEqual([
      ['controller-service:cellar', 3],
      ['controller-service:kitchen', 5],
    ]);
  });

  it('keeps the order of the list, and the empty namespace as a root of its own', () => {
    const roots = namespaceTree([
      { namespace: '', count: 1 },
      { namespace: 'a', count: 1 },
      { namespace: 'a-b', count: 1 },
      { namespace: 'a:b', count: 1 },
    ]);
    expect(roots.map(({ path }) => path)).toEqual(['', 'a', 'a-b']);
    expect(roots[1].children.map(({ path }) => path)).toEqual(['a:b']);
  });
});
