import { MAX_DOCUMENT_BYTES } from '@eventcast/domain';
import { documentOfDraft, draftOf, serviceProblems } from './document-draft';

describe(draftOf.name, () => {
  it('puts every field but the namespace and id into the JSON text, in their order', () => {
    expect(draftOf({ namespace: 'svc-ui-store', id: 'layout', cols: 3, rows: [1] })).toEqual({
      namespace: 'svc-ui-store',
      id: 'layout',
      fields: '{\n  "cols": 3,\n  "rows": [\n    1\n  ]\n}',
    });
  });
});

describe(documentOfDraft.name, () => {
  it('gives the document with the namespace and id first, and takes empty fields as none', () => {
    expect(documentOfDraft({ namespace: 'a:b', id: 'x', fields: '{"v": 1}' })).toEqual({
      document: { namespace: 'a:b', id: 'x', v: 1 },
    });
    expect(documentOfDraft({ namespace: '', id: 'units', fields: ' ' })).toEqual({
      document: { namespace: '', id: 'units' },
    });
  });

  it('refuses a bad id and a bad namespace with the rules the datastore words', () => {
    expect(documentOfDraft({ namespace: 'a b', id: 'my doc', fields: '{}' })).toEqual({
      problems: {
        namespace: ['Namespace must be letters, digits, _, -, ., ~ or :, or empty; at most 256 of them.'],
        id: ['Id must be letters, digits, _, -, . or ~, and not empty.'],
      },
    });
  });

  it('refuses text that is not JSON, saying why', () => {
    const outcome = documentOfDraft({ namespace: 'a', id: 'x', fields: '{"v": }' });
    expect(outcome).toEqual({ problems: { fields: [expect.stringMatching(/^Not JSON: .+\.$/)] } });
  });

  it.each(['[1]', '3', 'null'])('refuses fields that are not one object: %s', (fields) => {
    expect(documentOfDraft({ namespace: 'a', id: 'x', fields })).toEqual({
      problems: { fields: ['The fields must be one JSON object, such as {"cols": 3}.'] },
    });
  });

  it('refuses fields that hold the namespace or the id', () => {
    expect(documentOfDraft({ namespace: 'a', id: 'x', fields: '{"id": "y"}' })).toEqual({
      problems: { fields: ['The fields may not hold id: set them in their own inputs.'] },
    });
  });

  it('takes a document of 1 MiB as JSON and refuses one byte more, giving its size', () => {
    const fits = { namespace: 'a', id: 'x', blob: '' };
    fits.blob = 'x'.repeat(MAX_DOCUMENT_BYTES - JSON.stringify(fits).length);
    expect(documentOfDraft(draftOf(fits))).toEqual({ document: fits });
    expect(documentOfDraft(draftOf({ ...fits, blob: `${fits.blob}é` }))).toEqual({
      problems: { fields: ['The document is 1,048,578 bytes as JSON; the datastore takes at most 1,048,576 (1 MiB).'] },
    });
  });
});

describe(serviceProblems.name, () => {
  it("puts the datastore's problems beside the input they name, the others beside the fields", () => {
    expect(
      serviceProblems([
        'value.id must be letters, digits, _, -, . or ~, and not empty',
        'value.namespace must be a string',
        'documents larger than 1048576 bytes as JSON: a:x; nothing was written',
      ]),
    ).toEqual({
      id: ['value.id must be letters, digits, _, -, . or ~, and not empty'],
      namespace: ['value.namespace must be a string'],
      fields: ['documents larger than 1048576 bytes as JSON: a:x; nothing was written'],
    });
  });
});
