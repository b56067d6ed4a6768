import { DatastoreBodyPipe } from './datastore-body.pipe';
import { EXAMPLES } from './documents.examples';
import { DocumentQueryDto } from './dto/document-query.dto';
import { DocumentRefDto } from './dto/document-ref.dto';
import { SetDocumentDto } from './dto/set-document.dto';
import { SetDocumentsDto } from './dto/set-documents.dto';

describe('the examples of the API page', () => {
  it('are bodies the service takes', () => {
    expect(() => new DatastoreBodyPipe(DocumentRefDto).transform(EXAMPLES.ref)).not.toThrow();
    expect(() => new DatastoreBodyPipe(DocumentQueryDto).transform(EXAMPLES.query)).not.toThrow();
    expect(() => new DatastoreBodyPipe(DocumentQueryDto).transform(EXAMPLES.mdelete)).not.toThrow();
    expect(() => new DatastoreBodyPipe(SetDocumentDto, 'value').transform(EXAMPLES.set)).not.toThrow();
    expect(() => new DatastoreBodyPipe(SetDocumentsDto, 'values').transform(EXAMPLES.mset)).not.toThrow();
  });

  it('answer with documents that are valid too', () => {
    const answers = [
      EXAMPLES.refAnswer.value,
      EXAMPLES.setAnswer.value,
      ...EXAMPLES.queryAnswer.values,
      ...EXAMPLES.msetAnswer.values,
    ];
    expect(() => new DatastoreBodyPipe(SetDocumentsDto, 'values').transform({ values: answers })).not.toThrow();
  });
});
