import { annotatesFields, fieldOwner } from './annotations-feed';
import type { AnnotationFrame } from './frames';

const annotation = (fields: Partial<AnnotationFrame>): AnnotationFrame => ({
  id: 'a',
  time: '2026-11-28T14:05:00.000000Z',
  kind: 'patched',
  controller: 'fermenter',
  blocks: ['Beer setpoint'],
  ...fields,
});

describe('which graph an annotation belongs to', () => {
  it("reads a field's controller and block from its name", () => {
    expect(fieldOwner('fermenter/Beer setpoint/setting[degC]')).toEqual({
      controller: 'fermenter',
      block: 'Beer setpoint',
    });
    expect(fieldOwner('svc/uptime')).toEqual({ controller: 'svc' });
  });

  it("shows a change on its block's fields, a controller's start on all of its fields, a note on every graph", () => {
    const beer = ['fermenter/Beer setpoint/setting[degC]'];
    expect(annotatesFields(annotation({}), beer)).toBe(true);
    expect(annotatesFields(annotation({ blocks: ['Fridge setpoint'] }), beer)).toBe(false);
    expect(annotatesFields(annotation({ controller: 'glycol' }), beer)).toBe(false);
    expect(annotatesFields(annotation({ kind: 'started', blocks: [] }), beer)).toBe(true);
    expect(annotatesFields(annotation({ kind: 'note', controller: undefined, blocks: [] }), ['other/x/y'])).toBe(true);
  });
});
