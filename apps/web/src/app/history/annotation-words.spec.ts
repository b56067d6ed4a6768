import { annotationDetails, annotationTitle, groupOf, type Annotation } from './annotation-words';

const patch: Annotation = {
  id: 'a',
  time: '2026-11-28T14:05:12.000000Z',
  kind: 'patched',
  controller: 'fermenter',
  blocks: ['Beer setpoint'],
  origin: { via: 'rest', by: 'quick action Cold crash' },
  changes: [
    {
      id: 'Beer setpoint',
      type: 'SetpointSensorPair',
      change: 'changed',
      fields: [
        {
          field: 'storedSetting',
          from: { __objtype: 'Quantity', unit: 'degC', value: 20 },
          to: { __objtype: 'Quantity', unit: 'degC', value: 4 },
        },
        { field: 'enabled', from: false, to: true },
      ],
    },
  ],
};

describe('an annotation in a brewer’s words', () => {
  it('says which block changed and who changed it', () => {
    expect(annotationTitle(patch)).toBe('Beer setpoint changed by quick action Cold crash');
  });

  it('lists each setting from what to what, in the units and labels of the block’s form', () => {
    expect(annotationDetails(patch)).toEqual([
      'Beer setpoint · Setpoint: 20.00 °C → 4.00 °C',
      'Beer setpoint · Enabled: no → yes',
    ]);
  });

  it('names a backup by the blocks it touched, a start by its controller, a note by its first line', () => {
    const backup: Annotation = { ...patch, kind: 'backup loaded', blocks: ['A', 'B', 'C'], origin: { via: 'rest' } };
    expect(annotationTitle(backup)).toBe('Backup loaded on fermenter: 3 blocks');
    expect(annotationTitle({ ...patch, kind: 'started', blocks: [], origin: { via: 'controller' } })).toBe(
      'fermenter started',
    );
    const note: Annotation = { id: 'n', time: patch.time, kind: 'note', blocks: [], text: 'Pitched the yeast\nUS-05' };
    expect(annotationTitle(note)).toBe('Pitched the yeast');
    expect(annotationDetails(note)).toEqual(['Pitched the yeast', 'US-05']);
  });

  it('puts each kind in the group the graph’s filter shows or hides', () => {
    expect(
      ['patched', 'created', 'backup loaded', 'stopped', 'note'].map((kind) =>
        groupOf({ ...patch, kind } as Annotation),
      ),
    ).toEqual(['changes', 'changes', 'backups', 'starts', 'notes']);
  });
});
