// Run by configuration.mjs in a child process of its own, so that npm start does not hold the
// services' code for as long as it runs: reads `[{ app, entry, env }]` as JSON on stdin, passes
// each env to the configuration reader of the app's build (dist/apps/<app>/entry.js, as one
// process reads them), and writes the problems they name as a JSON array of lines.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const problems = new Set();
for (const { app, entry, env } of JSON.parse(readFileSync(0, 'utf8'))) {
  try {
    require(entry)[app].configure(env);
  } catch (error) {
    // A ConfigurationError lists its problems; the services share most variables, so the
    // same problem is named once.
    for (const problem of Array.isArray(error.problems) ? error.problems : [`${app}: ${error.message}`])
      problems.add(problem);
  }
}
process.stdout.write(JSON.stringify([...problems]));
