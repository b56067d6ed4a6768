import type { OpenAPIObject } from '@nestjs/swagger';
import { mergeOpenApiDocuments } from './open-api-merge';

function document(paths: OpenAPIObject['paths'], schemas: Record<string, object>, tags: string[] = []): OpenAPIObject {
  return {
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths,
    components: { schemas },
    tags: tags.map((name) => ({ name })),
  };
}

const pong = { type: 'object', properties: { ping: { type: 'string' } } };

describe(mergeOpenApiDocuments.name, () => {
  it('lists the paths, schemas and tags of the included documents, their operation ids prefixed by their name', () => {
    const history = document(
      { '/history/ping': { get: { operationId: 'PingController_ping', responses: {} } } },
      { PongDto: pong },
      ['ping'],
    );
    const datastore = document(
      { '/history/datastore/ping': { get: { operationId: 'PingController_ping', responses: {} } } },
      { PongDto: pong, DocumentDto: { type: 'object' } },
      ['ping', 'datastore'],
    );

    const merged = mergeOpenApiDocuments(history, { datastore });

    expect(merged.info).toEqual(history.info);
    expect(merged.paths).toEqual({
      '/history/ping': { get: { operationId: 'PingController_ping', responses: {} } },
      '/history/datastore/ping': { get: { operationId: 'datastore_PingController_ping', responses: {} } },
    });
    expect(Object.keys(merged.components?.schemas ?? {})).toEqual(['PongDto', 'DocumentDto']);
    expect(merged.tags).toEqual([{ name: 'ping' }, { name: 'datastore' }]);
  });

  it('leaves the documents it merges unchanged', () => {
    const history = document({}, {});
    const datastore = document(
      { '/history/datastore/get': { post: { operationId: 'get', responses: {} } } },
      { DocumentDto: pong },
    );

    mergeOpenApiDocuments(history, { datastore });

    expect(history).toEqual(document({}, {}));
    expect(datastore.paths['/history/datastore/get'].post?.operationId).toBe('get');
  });

  it('refuses a schema name that two documents define differently', () => {
    const history = document({}, { PongDto: pong });
    const datastore = document({}, { PongDto: { type: 'string' } });
    expect(() => mergeOpenApiDocuments(history, { datastore })).toThrow(
      'OpenAPI schema "PongDto" is defined differently by two documents',
    );
  });
});
