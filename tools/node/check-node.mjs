// Run first by `npm start` and `npm test`: stops at once, saying what to install, when this Node.js is
// older than the oldest line the project supports (tools/node/lines, package.json `engines`), so
// that nothing runs on an unsupported Node.js with failures far from their cause. Plain JavaScript
// that any Node.js runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const lines = readFileSync(join(root, 'tools', 'node', 'lines'), 'utf8')
  .split(/\s+/)
  .filter(Boolean);
const major = Number(process.versions.node.split('.')[0]);
if (major < Number(lines[0])) {
  const newest = lines[lines.length - 1];
  console.error(
    [
      `eventcast needs Node.js ${lines[0]} or newer (tested on ${lines.join(' and ')}); this is Node.js ${process.versions.node} (${process.execPath}).`,
      `Install Node.js ${newest} into .cache/node/ (git-ignored) and use it in this shell, then run the command again:`,
      `  export PATH="$(tools/node/install-node.sh ${newest}):$PATH"`,
      `(or install Node.js ${newest} from https://nodejs.org; CONTRIBUTING.md, "Set up a machine").`,
    ].join('\n'),
  );
  process.exit(1);
}
