import { httpErrorAnswer } from '@eventcast/bootstrap';
import {
  BadRequestError,
  DomainError,
  MAX_NAMESPACE_LENGTH,
  MAX_NESTING_DEPTH,
  TooLargeError,
} from '@eventcast/domain';
import { DatastoreBodyPipe } from './datastore-body.pipe';
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_CALL, MAX_IDS_PER_CALL } from './document-limits';
import { DocumentQueryDto } from './dto/document-query.dto';
import { DocumentRefDto } from './dto/document-ref.dto';
import { SetDocumentDto } from './dto/set-document.dto';
import { SetDocumentsDto } from './dto/set-documents.dto';

const ID_RULE = 'must be letters, digits, _, -, . or ~, and not empty';
const NAMESPACE_RULE = 'must be letters, digits, _, -, ., ~ or :, or empty; at most 256 of them';

const VALID_NAMESPACES = ['', 'svc-global', 'controller-service:controller-1', 'a.b~c_d', 'température:été', '数据:２'];
// A namespace goes into a Redis key, an SQLite parameter and an MQTT topic level; an id into a
// Redis hash field and an SQLite parameter: topic, glob and quoting syntax is refused at the door.
const INVALID_NAMESPACES = ['a b', 'a/b', 'a*', 'a#', 'a+', 'a\n', "a'b", 'a\u0000', '$SYS'];
const VALID_IDS = ['units', 'x', 'Fridge_sensor-1.0~b', 'température', '温度'];
const INVALID_IDS = ['', 'a:b', 'a b', 'a/b', 'a*', 'a?', "a'b", 'a%', 'a\\b', '[a]'];

const pipes = {
  get: new DatastoreBodyPipe(DocumentRefDto),
  mget: new DatastoreBodyPipe(DocumentQueryDto),
  set: new DatastoreBodyPipe(SetDocumentDto, 'value'),
  mset: new DatastoreBodyPipe(SetDocumentsDto, 'values'),
};

/** The answer a pipe gives: the status and problems of a refusal as HTTP answers it, or `ok`. */
function answer(
  pipe: { transform(body: unknown): unknown },
  body: unknown,
): { status: number; message: unknown } | 'ok' {
  try {
    pipe.transform(body);
    return 'ok';
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const { statusCode, message } = httpErrorAnswer(error);
    return { status: statusCode, message };
  }
}

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level++) value = { inner: value };
  return value;
}

describe(DatastoreBodyPipe.name, () => {
  describe('the namespace and id patterns, on every body that carries them', () => {
    it.each(VALID_NAMESPACES)('accepts the namespace %j', (namespace) => {
      expect(answer(pipes.get, { namespace, id: 'a' })).toBe('ok');
      expect(answer(pipes.mget, { namespace })).toBe('ok');
      expect(answer(pipes.set, { value: { namespace, id: 'a' } })).toBe('ok');
      expect(answer(pipes.mset, { values: [{ namespace, id: 'a' }] })).toBe('ok');
    });

    it.each(INVALID_NAMESPACES)('refuses the namespace %j', (namespace) => {
      expect(answer(pipes.get, { namespace, id: 'a' })).toEqual({
        status: 400,
        message: [`namespace ${NAMESPACE_RULE}`],
      });
      expect(answer(pipes.mget, { namespace })).toEqual({ status: 400, message: [`namespace ${NAMESPACE_RULE}`] });
      expect(answer(pipes.set, { value: { namespace, id: 'a' } })).toEqual({
        status: 400,
        message: [`value.namespace ${NAMESPACE_RULE}`],
      });
      expect(
        answer(pipes.mset, {
          values: [
            { namespace: 'ok', id: 'a' },
            { namespace, id: 'a' },
          ],
        }),
      ).toEqual({ status: 400, message: [`values.1.namespace ${NAMESPACE_RULE}`] });
    });

    it.each(VALID_IDS)('accepts the id %j', (id) => {
      expect(answer(pipes.get, { namespace: 'a', id })).toBe('ok');
      expect(answer(pipes.mget, { namespace: 'a', ids: [id] })).toBe('ok');
      expect(answer(pipes.set, { value: { namespace: 'a', id } })).toBe('ok');
      expect(answer(pipes.mset, { values: [{ namespace: 'a', id }] })).toBe('ok');
    });

    it.each(INVALID_IDS)('refuses the id %j', (id) => {
      expect(answer(pipes.get, { namespace: 'a', id })).toEqual({ status: 400, message: [`id ${ID_RULE}`] });
      expect(answer(pipes.mget, { namespace: 'a', ids: ['ok', id] })).toEqual({
        status: 400,
        message: [`ids each id ${ID_RULE}`],
      });
      expect(answer(pipes.set, { value: { namespace: 'a', id } })).toEqual({
        status: 400,
        message: [`value.id ${ID_RULE}`],
      });
      expect(answer(pipes.mset, { values: [{ namespace: 'a', id }] })).toEqual({
        status: 400,
        message: [`values.0.id ${ID_RULE}`],
      });
    });
  });

  it('hands on a valid body as the very object sent, free fields untouched', () => {
    const body = { value: { namespace: 'a', id: 'b', nested: { list: [1, 'x', null] }, namespaceLike: 1 } };
    expect(pipes.set.transform(body)).toBe(body);
    expect(body.value).toEqual({ namespace: 'a', id: 'b', nested: { list: [1, 'x', null] }, namespaceLike: 1 });
  });

  it('requires a document to be a JSON object with a string namespace and id', () => {
    expect(answer(pipes.set, { value: [] })).toEqual({ status: 400, message: ['value must be a JSON object'] });
    expect(answer(pipes.set, { value: [1] })).toEqual({ status: 400, message: ['value must be a JSON object'] });
    expect(answer(pipes.set, {})).toEqual({ status: 400, message: ['value must be a JSON object'] });
    expect(answer(pipes.set, { value: { id: 'a' } })).toEqual({
      status: 400,
      message: ['value.namespace must be a string'],
    });
    expect(answer(pipes.set, { value: { namespace: 'a', id: 7 } })).toEqual({
      status: 400,
      message: ['value.id must be a string'],
    });
    expect(answer(pipes.mset, { values: 'x' })).toEqual({ status: 400, message: ['values must be an array'] });
    expect(answer(pipes.get, [])).toEqual({ status: 400, message: ['the body must be a JSON object'] });
  });

  it("refuses a key that is not a field of the body, naming the fields, but keeps a document's own fields", () => {
    expect(answer(pipes.mget, { namespace: 'a', id: ['b'] })).toEqual({
      status: 400,
      message: ['id is not a field of this body; the fields are namespace, ids, filter'],
    });
    expect(answer(pipes.set, { value: { namespace: 'a', id: 'b' }, values: [] })).toEqual({
      status: 400,
      message: ['values is not a field of this body; the fields are value'],
    });
    expect(answer(pipes.set, { value: { namespace: 'a', id: 'b', anything: 1 } })).toBe('ok');
  });

  it('names every field at fault at once, one problem each', () => {
    const result = answer(pipes.mset, {
      values: [{ namespace: 'a', id: 'good' }, { namespace: 'a', id: 'bad/id' }, { id: 'x' }, 'text', null],
    });
    expect(result).toEqual({
      status: 400,
      message: ['values must hold JSON objects only', `values.1.id ${ID_RULE}`, 'values.2.namespace must be a string'],
    });
  });

  it('refuses more documents or ids than one call takes, and a filter longer than allowed', () => {
    const documents = Array.from({ length: MAX_DOCUMENTS_PER_CALL + 1 }, (_, i) => ({ namespace: 'a', id: `d${i}` }));
    expect(answer(pipes.mset, { values: documents })).toEqual({
      status: 400,
      message: [`values must contain no more than ${MAX_DOCUMENTS_PER_CALL} elements`],
    });
    expect(answer(pipes.mset, { values: documents.slice(1) })).toBe('ok');
    const ids = Array.from({ length: MAX_IDS_PER_CALL + 1 }, (_, i) => `d${i}`);
    expect(answer(pipes.mget, { namespace: 'a', ids })).toEqual({
      status: 400,
      message: [`ids must contain no more than ${MAX_IDS_PER_CALL} elements`],
    });
    expect(answer(pipes.mget, { namespace: 'a', ids: ids.slice(1) })).toBe('ok');
    expect(answer(pipes.mget, { namespace: 'a', filter: '*'.repeat(257) })).toEqual({
      status: 400,
      message: ['filter must be shorter than or equal to 256 characters'],
    });
  });

  it(`refuses a namespace longer than ${MAX_NAMESPACE_LENGTH} characters: it goes into the change event's MQTT topic`, () => {
    const longest = 'n'.repeat(MAX_NAMESPACE_LENGTH);
    const refusal = { status: 400, message: [`namespace ${NAMESPACE_RULE}`] };
    expect(answer(pipes.set, { value: { namespace: longest, id: 'a' } })).toBe('ok');
    expect(answer(pipes.mget, { namespace: longest })).toBe('ok');
    expect(answer(pipes.set, { value: { namespace: `${longest}n`, id: 'a' } })).toEqual({
      status: 400,
      message: [`value.namespace ${NAMESPACE_RULE}`],
    });
    expect(answer(pipes.get, { namespace: `${longest}n`, id: 'a' })).toEqual(refusal);
    expect(answer(pipes.mget, { namespace: `${longest}n` })).toEqual(refusal);
  });

  it('refuses a null ids or filter with 400: only an absent one means "not given"', () => {
    expect(answer(pipes.mget, { namespace: 'a', filter: null })).toEqual({
      status: 400,
      message: ['filter must be a string'],
    });
    expect(answer(pipes.mget, { namespace: 'a', ids: null })).toEqual({
      status: 400,
      message: ['ids must be an array'],
    });
    expect(answer(pipes.mget, { namespace: 'a' })).toBe('ok');
  });

  it(`refuses a field it validates nested more than ${MAX_NESTING_DEPTH} levels deep with 400 (the HTTP parser refuses any other)`, () => {
    const refusal = {
      status: 400,
      message: [`the body nests objects and arrays more than ${MAX_NESTING_DEPTH} levels deep`],
    };
    expect(answer(pipes.set, { value: { namespace: 'a', id: 'b', deep: nested(MAX_NESTING_DEPTH - 2) } })).toBe('ok');
    expect(answer(pipes.get, { namespace: 'a', id: nested(10_000) })).toEqual(refusal);
    expect(answer(pipes.mget, { namespace: nested(10_000) })).toEqual(refusal);
  });

  it('refuses documents larger than 1 MiB as JSON with 413, naming each', () => {
    const big = (id: string) => ({ namespace: 'ns', id, blob: 'x'.repeat(MAX_DOCUMENT_BYTES) });
    const result = answer(pipes.mset, { values: [{ namespace: 'ns', id: 'small' }, big('huge'), big('huger')] });
    expect(result).toEqual({
      status: 413,
      message: `documents larger than ${MAX_DOCUMENT_BYTES} bytes as JSON: ns:huge, ns:huger; nothing was written`,
    });
    const justFits = { namespace: '', id: 'a', blob: '' };
    justFits.blob = 'x'.repeat(MAX_DOCUMENT_BYTES - JSON.stringify(justFits).length);
    expect(answer(pipes.set, { value: justFits })).toBe('ok');
    expect(() => pipes.set.transform({ value: { ...justFits, blob: `${justFits.blob}x` } })).toThrow(TooLargeError);
  });

  it('checks the size only of bodies that are otherwise valid', () => {
    expect(() =>
      pipes.set.transform({ value: { namespace: 'a b', id: 'x', blob: 'x'.repeat(MAX_DOCUMENT_BYTES) } }),
    ).toThrow(BadRequestError);
  });
});
