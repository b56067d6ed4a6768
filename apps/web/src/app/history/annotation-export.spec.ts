import { csvWithAnnotations } from './annotation-export';
import type { Annotation } from './annotation-words';
import { csvCells } from './csv-rounding';

const csv =
  'time,fermenter/Beer/value[degC],fermenter/Fridge/value[degC]\r\n' +
  '2026-11-28T14:00:00.000000Z,20.1,18\r\n' +
  '2026-11-28T14:10:00.000000Z,19.5,\r\n';

const note = (time: string, text: string): Annotation => ({ id: time, time, kind: 'note', blocks: [], text });

describe(csvWithAnnotations.name, () => {
  it('adds each annotation as a row of its own at its time, in time order, in a last column', () => {
    const merged = csvWithAnnotations(csv, [
      note('2026-11-28T14:20:00.000000Z', 'Cold crash'),
      note('2026-11-28T14:05:00.000000Z', 'Pitched "US-05", at last'),
    ]);
    expect(merged.split('\r\n').map(csvCells)).toEqual([
      ['time', 'fermenter/Beer/value[degC]', 'fermenter/Fridge/value[degC]', 'annotation'],
      ['2026-11-28T14:00:00.000000Z', '20.1', '18', ''],
      ['2026-11-28T14:05:00.000000Z', '', '', 'Pitched "US-05", at last'],
      ['2026-11-28T14:10:00.000000Z', '19.5', '', ''],
      ['2026-11-28T14:20:00.000000Z', '', '', 'Cold crash'],
      [''],
    ]);
  });

  it('says what a change changed, from what to what', () => {
    const change: Annotation = {
      id: 'c',
      time: '2026-11-28T14:01:00.000000Z',
      kind: 'patched',
      controller: 'fermenter',
      blocks: ['Heater'],
      origin: { via: 'mqtt' },
      changes: [
        {
          id: 'Heater',
          type: 'DigitalActuator',
          change: 'changed',
          fields: [{ field: 'storedState', from: 0, to: 1 }],
        },
      ],
    };
    const [, , row] = csvWithAnnotations(csv, [change]).split('\r\n');
    expect(csvCells(row)[3]).toMatch(/^Heater changed: Heater · .+: .+ → .+$/);
  });

  it('leaves an export without annotations as it is', () => {
    expect(csvWithAnnotations(csv, [])).toBe(csv);
  });
});
