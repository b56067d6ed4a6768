import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DOCS_SCREENSHOTS, writesDocsScreenshots } from './page-checks';

const DOCS_IMAGES = resolve(DOCS_SCREENSHOTS, '..');

/** Each file under docs/images with a hash of its bytes. */
function hashes(): Map<string, string> {
  const files = readdirSync(DOCS_IMAGES, { recursive: true, encoding: 'utf8', withFileTypes: false });
  return new Map(
    files
      .map((file) => join(DOCS_IMAGES, file))
      .filter((path) => path.endsWith('.png'))
      .map((path) => [path, createHash('sha256').update(readFileSync(path)).digest('hex')]),
  );
}

/**
 * Global setup of the browser tests: unless `npm run docs:screenshots` runs them, the run fails
 * when a test added, changed or removed a picture under docs/images, so `npm test` never rewrites
 * the docs' images.
 */
export default function guardDocsImages(): (() => void) | undefined {
  if (writesDocsScreenshots()) return undefined;
  const before = hashes();
  return () => {
    const after = hashes();
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (path) => before.get(path) !== after.get(path),
    );
    if (changed.length > 0) {
      throw new Error(
        `the browser tests changed ${changed.join(', ')}: only \`npm run docs:screenshots\` writes docs/images`,
      );
    }
  };
}
