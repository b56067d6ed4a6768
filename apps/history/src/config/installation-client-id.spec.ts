import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readHistoryConfig } from './history.config';
import { CLIENT_ID_FILE, installationClientId } from './installation-client-id';

describe(installationClientId.name, () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'eventcast-client-id-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('gives two installations two ids, and each installation the same id again after a restart', () => {
    const [first, second] = [join(root, 'brewery'), join(root, 'greenhouse')];
    const ids = [installationClientId(first), installationClientId(second)];
    expect(ids[0]).not.toBe(ids[1]);
    expect([installationClientId(first), installationClientId(second)]).toEqual(ids);
    expect(readFileSync(join(first, CLIENT_ID_FILE), 'utf8')).toBe(`${ids[0]}\n`);
  });

  it('keeps an id written into the data folder by hand', () => {
    writeFileSync(join(root, CLIENT_ID_FILE), 'brewery-history\n');
    expect(installationClientId(root)).toBe('brewery-history');
  });

  it('refuses a stored id the broker would reject, naming the file', () => {
    writeFileSync(join(root, CLIENT_ID_FILE), 'not an id');
    expect(() => installationClientId(root)).toThrow(`${join(root, CLIENT_ID_FILE)}: must hold the MQTT client id`);
  });

  it('stores nothing when MQTT_CLIENT_ID names the id', () => {
    expect(readHistoryConfig({ DATA_DIR: root, MQTT_CLIENT_ID: 'history-2' }).mqttClientId).toBe('history-2');
    expect(() => readFileSync(join(root, CLIENT_ID_FILE))).toThrow(/ENOENT/);
  });
});
