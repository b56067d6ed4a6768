import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_CALL } from '@eventcast/domain';
import { importPlan, namespaceFile, namespaceFileName, readNamespaceFile } from './namespace-file';

const at = new Date('2026-11-26T05:00:00.123Z');
const documents = [
  { namespace: 'svc-ui-store:dashboards', id: 'main', widgets: [] },
  { namespace: 'svc-ui-store:dashboards', id: 'spare', cols: 2 },
];

describe(namespaceFileName.name, () => {
  it('names the file by the namespace and the second, without colons', () => {
    expect(namespaceFileName('svc-ui-store:dashboards', at)).toBe('svc-ui-store_dashboards-2026-11-26T05-00-00Z.json');
    expect(namespaceFileName('', at)).toBe('empty-namespace-2026-11-26T05-00-00Z.json');
  });
});

describe(readNamespaceFile.name, () => {
  const text = (value: unknown) => JSON.stringify(value);

  it('reads back what an export wrote', () => {
    const file = namespaceFile('svc-ui-store:dashboards', documents, at);
    expect(readNamespaceFile(text(file))).toEqual(file);
  });

  it.each([
    ['text that is not JSON', 'nope', 'The file is not JSON.'],
    ['JSON without documents', '{"blocks": []}', 'The file is not a namespace export: it lacks the list documents.'],
    [
      'a bad namespace',
      text({ namespace: 'a b', documents: [] }),
      "The file's namespace must be letters, digits, _, -, ., ~ or :, or empty; at most 256 of them.",
    ],
  ])('refuses %s, saying why', (_kind, content, problem) => {
    expect(readNamespaceFile(content)).toBe(problem);
  });

  it('refuses a file with any bad document, naming each by its place', () => {
    const file = {
      namespace: 'a',
      documents: [
        { namespace: 'a', id: 'ok' },
        { namespace: 'a', id: 'my doc' },
        { namespace: 'b', id: 'elsewhere' },
        { namespace: 'a', id: 'ok' },
        [],
        { namespace: 'a', id: 'huge', blob: 'x'.repeat(MAX_DOCUMENT_BYTES) },
      ],
    };
    expect(readNamespaceFile(text(file))).toBe(
      'Nothing can be imported from this file: document 2: id must be letters, digits, _, -, . or ~, and not empty; ' +
        'document 3: elsewhere is in the namespace "b", not the file\'s "a"; document 4: ok is in the file twice; ' +
        'document 5: not a JSON object; document 6: huge is larger than 1048576 bytes as JSON.',
    );
  });

  it('refuses more documents than one all-or-none write takes', () => {
    const many = Array.from({ length: MAX_DOCUMENTS_PER_CALL + 1 }, (_, i) => ({ namespace: 'a', id: `d${i}` }));
    expect(readNamespaceFile(text({ namespace: 'a', documents: many }))).toBe(
      'The file holds 1001 documents; one import writes at most 1000, all or none.',
    );
  });
});

describe(importPlan.name, () => {
  it('adds what the namespace lacks, changes what differs as text, and names what is already the same', () => {
    const current = [
      { namespace: 'svc-ui-store:dashboards', id: 'main', widgets: [] },
      { namespace: 'svc-ui-store:dashboards', cols: 2, id: 'spare' },
    ];
    const file = [...documents, { namespace: 'svc-ui-store:dashboards', id: 'new' }];
    expect(importPlan(file, current)).toEqual({ add: ['new'], change: ['spare'], same: ['main'] });
  });
});
