import { changeAnnouncements, deleteAnnouncements } from './datastore-events.util';

describe(changeAnnouncements.name, () => {
  it('gives a call touching <nsA>, <nsA>:<sub> and <nsB> exactly two events, one per top-level namespace', () => {
    const a = { namespace: 'nsA', id: '1' };
    const sub = { namespace: 'nsA:sub', id: '2' };
    const b = { namespace: 'nsB', id: '3' };
    expect(changeAnnouncements([a, sub, b])).toEqual([
      { topic: 'eventcast/datastore/nsA', event: { changed: [a, sub] } },
      { topic: 'eventcast/datastore/nsB', event: { changed: [b] } },
    ]);
  });

  it('announces documents of the empty namespace on the base topic', () => {
    expect(changeAnnouncements([{ namespace: '', id: 'x' }])).toEqual([
      { topic: 'eventcast/datastore', event: { changed: [{ namespace: '', id: 'x' }] } },
    ]);
  });

  it('announces nothing when nothing changed', () => {
    expect(changeAnnouncements([])).toEqual([]);
  });
});

describe(deleteAnnouncements.name, () => {
  it('lists deleted full keys per top-level namespace, never beside changes', () => {
    expect(deleteAnnouncements(['nsA:sub:x', 'nsA:y', 'z'])).toEqual([
      { topic: 'eventcast/datastore/nsA', event: { deleted: ['nsA:sub:x', 'nsA:y'] } },
      { topic: 'eventcast/datastore', event: { deleted: ['z'] } },
    ]);
    expect(deleteAnnouncements([])).toEqual([]);
  });
});
