import { documentBytes, isDocumentTooLarge, MAX_DOCUMENT_BYTES } from './document-size.util';

describe(documentBytes.name, () => {
  it.each([
    ['ASCII', { namespace: 'a', id: 'b', text: 'plain' }],
    ['two-byte letters', { namespace: 'é', id: 'température', text: 'ÄÖÜ' }],
    ['three-byte letters', { namespace: 'ns', id: '温度', text: '日本語' }],
    ['surrogate pairs', { namespace: 'ns', id: 'x', text: '🍺🌱' }],
    ['a lone surrogate, written as U+FFFD', { namespace: 'ns', id: 'x', text: 'a\ud800b' }],
  ])('counts %s as the UTF-8 bytes of the JSON text', (_kind, document) => {
    expect(documentBytes(document)).toBe(Buffer.byteLength(JSON.stringify(document)));
  });
});

describe(isDocumentTooLarge.name, () => {
  const padded = (size: number) => {
    const document = { namespace: 'ns', id: 'x', blob: '' };
    document.blob = 'x'.repeat(size - JSON.stringify(document).length);
    return document;
  };

  it('takes a document of exactly 1 MiB and refuses one byte more', () => {
    expect(isDocumentTooLarge(padded(MAX_DOCUMENT_BYTES))).toBe(false);
    expect(isDocumentTooLarge(padded(MAX_DOCUMENT_BYTES + 1))).toBe(true);
  });
});
