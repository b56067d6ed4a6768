import { PrivateBroker, ServiceUnderTest } from '@eventcast/testing';
import { NO_DATASTORE_URL } from './controller-under-test';

interface Operation {
  requestBody?: { content: Record<string, { examples?: object }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

const WITH_BODY = ['create', 'read', 'read/logged', 'read/stored', 'write', 'patch', 'delete', 'backup/load'];
const WITHOUT_BODY = ['all/read', 'all/read/logged', 'all/read/stored', 'all/delete', 'discover', 'backup/save'];

describe('the API page of the built controller', () => {
  let broker: PrivateBroker;
  let controller: ServiceUnderTest<'controller'>;
  let document: OpenApiDocument;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    controller = await ServiceUnderTest.start('controller', {
      SERVICE_ID: 'doc-test',
      MQTT_URL: broker.url,
      DATASTORE_URL: NO_DATASTORE_URL,
    });
    document = (await (await fetch(`${controller.url}/doc-test/api/doc-json`)).json()) as OpenApiDocument;
  }, 40_000);

  afterAll(async () => {
    await controller.stop();
    await broker.stop();
  });

  it('is served at /<SERVICE_ID>/api/doc', async () => {
    const page = await fetch(`${controller.url}/doc-test/api/doc`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
  });

  it('describes every block route with an example answer, and an example body where it takes one', () => {
    for (const route of [...WITH_BODY, ...WITHOUT_BODY]) {
      const operation = document.paths[`/doc-test/blocks/${route}`]?.post;
      expect({ route, documented: operation !== undefined }).toEqual({ route, documented: true });
      const answer = Object.values(operation.responses).find(
        (response) => response.content?.['application/json']?.example !== undefined,
      );
      expect({ route, example: answer !== undefined }).toEqual({ route, example: true });
      if (WITH_BODY.includes(route))
        expect({ route, body: operation.requestBody?.content['application/json'].examples }).toEqual({
          route,
          body: expect.any(Object),
        });
    }
  });

  it('describes the Block, Quantity and Link shapes', () => {
    const { schemas } = document.components;
    expect(Object.keys(schemas.BlockDto.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'nid', 'serviceId', 'type', 'data', 'meta']),
    );
    expect(Object.keys(schemas.QuantityDto.properties ?? {})).toEqual(['__objtype', 'unit', 'value']);
    expect(Object.keys(schemas.LinkDto.properties ?? {})).toEqual(['__objtype', 'type', 'id']);
  });
});
