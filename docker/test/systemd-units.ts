import { readRepoFile } from './deployment-files';

/** The folder of the systemd units and their environment files. */
export const SYSTEMD_DIR = 'docker/systemd';

/** The apps eventcast@.service runs, one instance each: `eventcast@<app>.service`. */
export const UNIT_APPS = ['history', 'datastore', 'controller', 'automation'] as const;

/** The instance that runs the four apps in one process, `eventcast@all.service`. */
export const ONE_PROCESS = 'all';

/** A systemd unit file's settings: section, then key, then every value given, in order. */
export type UnitSettings = Record<string, Record<string, string[]>>;

/** The settings of a unit file in docker/systemd (comments and blank lines left out). */
export function unitSettings(file: string): UnitSettings {
  const settings: UnitSettings = {};
  let section = '';
  for (const line of readRepoFile(`${SYSTEMD_DIR}/${file}`).split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(trimmed);
    if (header) {
      section = header[1];
      settings[section] ??= {};
      continue;
    }
    const [key, value] = trimmed.split(/=(.*)/s);
    ((settings[section] ??= {})[key] ??= []).push(value);
  }
  return settings;
}

/**
 * The variables of an environment file in docker/systemd, as systemd's EnvironmentFile reads the
 * plain `NAME=value` lines they hold.
 */
export function environmentFile(file: string): Record<string, string> {
  return Object.fromEntries(
    readRepoFile(`${SYSTEMD_DIR}/${file}`)
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );
}

/** The `NAME=value` pairs of the unit's `Environment=` lines (values without spaces or quotes, as ours are). */
export function unitEnvironment(settings: UnitSettings): Record<string, string> {
  return Object.fromEntries(
    (settings['Service']['Environment'] ?? []).flatMap((line) => line.split(/\s+/).map((pair) => pair.split(/=(.*)/s))),
  );
}
