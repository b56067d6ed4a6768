import { markGroups } from './annotation-layer';

describe(markGroups.name, () => {
  it('gives marks far apart a button each and groups those close in time', () => {
    expect(markGroups([100, 300, 500])).toEqual([[0], [1], [2]]);
    expect(markGroups([100, 101, 102, 200])).toEqual([[0, 1, 2], [3]]);
  });

  it('groups from left to right whatever the order the marks come in', () => {
    expect(markGroups([300, 102, 100, 140])).toEqual([[2, 1], [3], [0]]);
  });
});
