import { createControllerClient } from '@eventcast/api-client';
import { answerOf, dataOf, StartScript } from '@eventcast/testing';

const API_TOKEN = 'secret-brewery-2026';
/** The controller npm start runs when no SERVICE_ID is set. */
const SERVICE_ID = 'controller-1';

describe.each([
  ['npm start', []],
  ['npm start -- --one-process', ['--one-process']],
])('%s with an API_TOKEN', (_, args) => {
  let start: StartScript;

  beforeAll(async () => {
    start = await StartScript.start({ env: { API_TOKEN }, args });
  }, 120_000);

  afterAll(async () => {
    await start?.stop();
  }, 30_000);

  it("saves a backup through the proxy with the token: the controller holds the datastore's token", async () => {
    const controller = createControllerClient(start.webUrl, SERVICE_ID, { token: API_TOKEN });
    const backup = await dataOf(controller.POST('/blocks/backup/save'));
    expect(backup).toMatchObject({ serviceId: SERVICE_ID, store: [] });
    const health = await answerOf(controller.GET('/health'));
    expect(health).toMatchObject({ status: 200, body: { checks: { datastore: { ok: true } } } });
    expect(start.output).not.toContain("refused the controller's token");
  });
});
