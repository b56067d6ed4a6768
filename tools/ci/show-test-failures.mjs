// Repeats, at the end of a red run, what Jest said of each failed test: `npm test` streams two Nx
// tasks at once, and the failure's own lines scroll far above the summary that CI keeps.
// Usage: node tools/ci/show-test-failures.mjs <log of npm test>
import { readFileSync } from 'node:fs';

const LINES_PER_FAILURE = 30;
const MOST_FAILURES = 10;
// eslint-disable-next-line no-control-regex
const COLOURS = /\u001b\[[0-9;]*m/g;
const NEXT_REPORT = /^\S+:\s+(● |PASS |FAIL |Test Suites:)/;

const lines = readFileSync(process.argv[2], 'utf8').replace(COLOURS, '').split('\n');
const failed = lines.flatMap((line, at) => (/^\S+:\s+● /.test(line) && !/● Console/.test(line) ? [at] : []));
const suites = lines.filter((line) => /^\S+:\s+FAIL /.test(line));
if (failed.length > 0 || suites.length > 0) {
  console.log(`\nFailed test suites (${suites.length}):`);
  for (const line of suites) console.log(`  ${line.trim()}`);
  for (const at of failed.slice(0, MOST_FAILURES)) {
    console.log('');
    const block = lines.slice(at, at + LINES_PER_FAILURE);
    const end = block.findIndex((line, index) => index > 0 && NEXT_REPORT.test(line));
    for (const line of end === -1 ? block : block.slice(0, end)) console.log(line);
  }
  if (failed.length > MOST_FAILURES) console.log(`\n… and ${failed.length - MOST_FAILURES} more failures in the log`);
}
