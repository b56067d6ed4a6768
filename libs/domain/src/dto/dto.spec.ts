import { validateDto } from '../lib/validate-dto.util';
import { BlockDto } from './block.dto';
import { ChangeEventDto } from './change-event.dto';
import { DeleteEventDto } from './delete-event.dto';
import { DocumentDto } from './document.dto';
import { HistoryEventDto } from './history-event.dto';
import { LinkDto } from './link.dto';
import { QuantityDto } from './quantity.dto';

function problemsOf(dto: new () => object, plain: unknown): string[] {
  const result = validateDto(dto, plain);
  return result.ok ? [] : result.problems;
}

describe(HistoryEventDto.name, () => {
  it('accepts a key and a data object', () => {
    expect(problemsOf(HistoryEventDto, { key: 'k', data: { a: 1 } })).toEqual([]);
  });

  it('names a missing key and data that is not an object', () => {
    expect(problemsOf(HistoryEventDto, { data: [1] })).toEqual(['key should not be empty', 'key must be a string', 'data must be an object']);
  });
});

describe(DocumentDto.name, () => {
  it('accepts a document with free further fields and keeps them', () => {
    const result = validateDto(DocumentDto, { namespace: 'svc-global', id: 'units', temperature: 'degC', nested: { a: [1] } });
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ temperature: 'degC', nested: { a: [1] } }) });
  });

  it('accepts the empty namespace and rejects an empty id', () => {
    expect(problemsOf(DocumentDto, { namespace: '', id: 'a' })).toEqual([]);
    expect(problemsOf(DocumentDto, { namespace: '', id: '' })).toEqual(['id must be letters, digits, _, -, . or ~, and not empty']);
  });

  it('names every bad field', () => {
    expect(problemsOf(DocumentDto, { namespace: 'a b', id: 5 })).toEqual([
      'namespace must be letters, digits, _, -, ., ~ or :, or empty',
      'id must be letters, digits, _, -, . or ~, and not empty',
      'id must be a string',
    ]);
  });

  it('refuses a body that is not a JSON object', () => {
    expect(problemsOf(DocumentDto, [{ namespace: '', id: 'a' }])).toEqual(['the body must be a JSON object']);
    expect(problemsOf(DocumentDto, 'a')).toEqual(['the body must be a JSON object']);
  });
});

describe(ChangeEventDto.name, () => {
  it('names the path of a bad document inside the event', () => {
    expect(problemsOf(ChangeEventDto, { changed: [{ namespace: 'a', id: 'ok' }, { namespace: 'a', id: 'b/c' }] })).toEqual([
      'changed.1.id must be letters, digits, _, -, . or ~, and not empty',
    ]);
  });
});

describe(DeleteEventDto.name, () => {
  it('takes full keys as strings', () => {
    expect(problemsOf(DeleteEventDto, { deleted: ['a:b', 'c'] })).toEqual([]);
    expect(problemsOf(DeleteEventDto, { deleted: [1] })).toEqual(['deleted each value in deleted must be a string']);
  });
});

describe(QuantityDto.name, () => {
  it('takes a unit and a number or null', () => {
    expect(problemsOf(QuantityDto, { __objtype: 'Quantity', unit: 'degC', value: 20 })).toEqual([]);
    expect(problemsOf(QuantityDto, { __objtype: 'Quantity', unit: 'degC', value: null })).toEqual([]);
    expect(problemsOf(QuantityDto, { __objtype: 'Quantity', unit: 'degC', value: '20' })).toHaveLength(1);
    expect(problemsOf(QuantityDto, { __objtype: 'Link', unit: 'degC', value: 1 })).toEqual(['__objtype must be equal to Quantity']);
  });
});

describe(LinkDto.name, () => {
  it('takes an interface type and a target id or null', () => {
    expect(problemsOf(LinkDto, { __objtype: 'Link', type: 'TempSensorInterface', id: null })).toEqual([]);
    expect(problemsOf(LinkDto, { __objtype: 'Link', type: 'TempSensorInterface', id: 3 })).toEqual(['id must be a string']);
  });
});

describe(BlockDto.name, () => {
  const block = { id: 'Fridge sensor (1)', serviceId: 'controller-1', type: 'TempSensorMock', data: {} };

  it('accepts a block with or without nid and meta', () => {
    expect(problemsOf(BlockDto, block)).toEqual([]);
    expect(problemsOf(BlockDto, { ...block, nid: 100, meta: { note: 'x' } })).toEqual([]);
  });

  it('holds block names to a leading letter, the allowed characters and 200 characters', () => {
    expect(problemsOf(BlockDto, { ...block, id: '1st' })).toEqual(['id must start with a letter, then letters, digits, space, _, -, (, ) or |']);
    expect(problemsOf(BlockDto, { ...block, id: 'a/b' })).toHaveLength(1);
    expect(problemsOf(BlockDto, { ...block, id: 'a'.repeat(201) })).toEqual(['id must be shorter than or equal to 200 characters']);
  });

  it('names a missing type and data that is not an object', () => {
    expect(problemsOf(BlockDto, { id: 'a', serviceId: 'c', data: 'x' })).toEqual([
      'type should not be empty',
      'type must be a string',
      'data must be an object',
    ]);
  });
});
