import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationError } from '@eventcast/bootstrap';

/** The file in `DATA_DIR` that holds the installation's MQTT client id. */
export const CLIENT_ID_FILE = 'mqtt-client-id';

/** What a client id may be, from `MQTT_CLIENT_ID` or the file. */
export const CLIENT_ID_PATTERN = /^[\w\-.]{1,64}$/;
/** `CLIENT_ID_PATTERN` in words, for the messages that refuse an id. */
export const CLIENT_ID_EXPECTED = 'up to 64 letters, digits, _ - or .';

/**
 * The MQTT client id of the history installation whose data lives in `dataDir`: the one stored in
 * `<dataDir>/mqtt-client-id`, or on the first start a new `eventcast-history-<random>` stored there.
 * Two installations on one broker so never share a persistent session, and a restart finds its own.
 */
export function installationClientId(dataDir: string): string {
  const file = join(dataDir, CLIENT_ID_FILE);
  const stored = readStored(file);
  if (stored !== undefined) {
    if (!CLIENT_ID_PATTERN.test(stored))
      throw new ConfigurationError([
        `${file}: must hold the MQTT client id, ${CLIENT_ID_EXPECTED}; it holds "${stored}"`,
      ]);
    return stored;
  }
  const created = `eventcast-history-${randomBytes(6).toString('hex')}`;
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${created}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return installationClientId(dataDir);
    throw new ConfigurationError([`DATA_DIR: cannot store the MQTT client id in ${file}: ${(error as Error).message}`]);
  }
  return created;
}

function readStored(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigurationError([`DATA_DIR: cannot read the MQTT client id in ${file}: ${(error as Error).message}`]);
  }
}
