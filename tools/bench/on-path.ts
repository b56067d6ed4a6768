import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Why the program `name` cannot run here (not on PATH; `install` says how to get it), or undefined when it can. */
export function programMissing(name: string, install: string): string | undefined {
  const found = (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  return found ? undefined : `${name} is not installed (${install})`;
}
