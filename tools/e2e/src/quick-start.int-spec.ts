import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { StartPorts, StartScript } from '@eventcast/testing';

const WORKSPACE = resolve(__dirname, '../../..');

/** The first `sh` block below the README's "Quick start" heading, as a newcomer would paste it. */
function quickStartBlock(): string {
  const readme = readFileSync(join(WORKSPACE, 'README.md'), 'utf8');
  const section = readme.split(/^## Quick start$/m)[1];
  const block = section && /```sh\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README.md has no sh block under "## Quick start"');
  return block[1];
}

/** The block with the default ports moved to this run's, so the test does not take the user's. */
function onPorts(block: string, ports: StartPorts): string {
  return block
    .replaceAll('localhost:5000', `localhost:${ports.controller}`)
    .replaceAll('localhost:5001', `localhost:${ports.history}`)
    .replaceAll('localhost:5002', `localhost:${ports.datastore}`)
    .replaceAll('localhost:8080', `localhost:${ports.web}`)
    .replace(/\bmosquitto_(pub|sub) /g, `mosquitto_$1 -p ${ports.broker} `);
}

describe('the README quick start', () => {
  let start: StartScript;

  beforeAll(async () => {
    start = await StartScript.start();
  }, 120_000);

  afterAll(() => start?.stop());

  /** The lines the block prints, pasted into a shell that stops at the first failing command. */
  async function pasted(): Promise<string[]> {
    const { stdout } = await promisify(execFile)('bash', ['-e', '-c', onPorts(quickStartBlock(), start.ports)], {
      cwd: WORKSPACE,
      timeout: 60_000,
    });
    return stdout.trim().split('\n');
  }

  /** Checks the answers of steps 1 and 3 to 5, which a second run answers as the first. */
  function expectTheSetpointChain(lines: string[]): void {
    expect(JSON.parse(lines[0])).toEqual([{ field: 'fridge/temp[degC]', value: 19.5, timestamp: expect.any(String) }]);
    expect(JSON.parse(lines[2])).toMatchObject({ id: 'Beer sensor', type: 'TempSensorMock' });
    expect(JSON.parse(lines[3])).toMatchObject({ id: 'Beer setpoint', type: 'SetpointSensorPair' });
    const stored21 = { data: { storedSetting: { __objtype: 'Quantity', unit: 'degC', value: 21 } } };
    const [patched, patchEvent] = lines.slice(4, 6).map((line) => JSON.parse(line));
    expect([patched, patchEvent].find((message) => message.type === 'Controller.patch')).toMatchObject({
      key: 'controller-1',
      data: { changed: [stored21] },
    });
    expect([patched, patchEvent].find((message) => message.id === 'Beer setpoint')).toMatchObject(stored21);
    expect(JSON.parse(lines[6])).toEqual([
      { field: 'controller-1/Beer setpoint/storedSetting[degC]', value: 21, timestamp: expect.any(String) },
      { field: 'controller-1/Beer sensor/value[degC]', value: 18, timestamp: expect.any(String) },
    ]);
  }

  const blockIds = (line: string) => JSON.parse(line).map((block: { id: string }) => block.id);

  it('answers each step as the README says, pasted into a shell', async () => {
    const lines = await pasted();
    expect(blockIds(lines[1])).toEqual(['SystemInfo', 'OnboardPins']);
    expectTheSetpointChain(lines);
  }, 90_000);

  it('answers the same when pasted again, its blocks then listed in step 2', async () => {
    const lines = await pasted();
    expect(blockIds(lines[1])).toEqual(['SystemInfo', 'OnboardPins', 'Beer sensor', 'Beer setpoint']);
    expectTheSetpointChain(lines);
  }, 90_000);
});
