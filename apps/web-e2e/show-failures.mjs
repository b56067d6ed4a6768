// Lists the browser tests that failed in the last run, each with the trace and the screenshot
// Playwright kept (playwright.config.ts), from its JSON report: what `.ci/run` prints at the end of
// a red run. Prints nothing when the report is missing or every test passed.
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const WORKSPACE = resolve(import.meta.dirname, '../..');
const REPORT = resolve(WORKSPACE, 'tmp/web-e2e/results.json');

function* failures(suite, titles = []) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const failed = test.results.filter(({ status }) => status === 'failed' || status === 'timedOut');
      if (failed.length === 0) continue;
      const kept = failed.flatMap(({ attachments }) => attachments.filter(({ path }) => path));
      yield { name: [`[${test.projectName}]`, ...titles, spec.title].join(' › '), files: kept.map(({ path }) => path) };
    }
  }
  for (const child of suite.suites ?? []) yield* failures(child, [...titles, child.title]);
}

if (existsSync(REPORT)) {
  const report = JSON.parse(readFileSync(REPORT, 'utf8'));
  const failed = report.suites.flatMap((suite) => [...failures(suite)]);
  if (failed.length > 0) {
    console.log(
      `\nweb-e2e: ${failed.length} browser test(s) failed; see one with npx playwright show-trace <trace.zip>`,
    );
    for (const { name, files } of failed) {
      console.log(`  ${name}`);
      for (const file of new Set(files)) console.log(`    ${relative(WORKSPACE, file)}`);
    }
  }
}
