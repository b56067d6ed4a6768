import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// An integration suite that runs a built app needs that app's `build` target among its target's
// `dependsOn`: `npm test` runs targets two at a time, so a build that only happens to run earlier
// on one machine is missing on another (CONTRIBUTING.md).

const WORKSPACE = resolve(__dirname, '../../..');
const PROJECT_FOLDERS = ['apps', 'libs', 'tools'];
/** How a suite runs a built app: `ServiceUnderTest.start('history', …)`, `new BuiltApp('datastore', …)`. */
const STARTS_APP = /(?:ServiceUnderTest\.start(?:<[^>]*>)?|new BuiltApp)\(\s*'([\w-]+)'/g;
/** An integration suite: a Jest `*.int-spec.ts`, or a browser spec `*.e2e.ts` that Playwright runs (apps/web-e2e). */
const SUITE = /\.(int-spec|e2e)\.ts$/;
/** A module of the suite's own that it imports: `from './harness/web-stack'`. */
const IMPORTS_LOCAL = /from '(\.{1,2}\/[^']+)'/g;

type Dependency = string | { projects?: string[]; target: string };

interface Project {
  root: string;
  name: string;
  integrationDependsOn?: Dependency[];
}

function projects(): Project[] {
  return [
    'docker',
    ...PROJECT_FOLDERS.flatMap((folder) => readdirSync(join(WORKSPACE, folder)).map((name) => join(folder, name))),
  ]
    .filter((root) => existsSync(join(WORKSPACE, root, 'project.json')))
    .map((root) => {
      const json = JSON.parse(readFileSync(join(WORKSPACE, root, 'project.json'), 'utf8'));
      return { root, name: json.name, integrationDependsOn: json.targets?.integration?.dependsOn };
    });
}

function integrationSuites(root: string): string[] {
  return readdirSync(join(WORKSPACE, root), { recursive: true, encoding: 'utf8' })
    .filter((file) => SUITE.test(file) && !file.includes('node_modules'))
    .map((file) => join(root, file));
}

/** `suite` and the modules of its own it imports, at any depth (a harness that starts the stack for it). */
function withLocalImports(suite: string, seen = new Set<string>()): Set<string> {
  if (seen.has(suite) || !existsSync(join(WORKSPACE, suite))) return seen;
  seen.add(suite);
  for (const [, local] of readFileSync(join(WORKSPACE, suite), 'utf8').matchAll(IMPORTS_LOCAL)) {
    withLocalImports(`${join(dirname(suite), local)}.ts`, seen);
  }
  return seen;
}

/** The apps each integration suite of `project` runs from their builds (itself or through its harness), with the suites that run them. */
function appsRun(project: Project): Map<string, string[]> {
  const runs = new Map<string, string[]>();
  for (const suite of integrationSuites(project.root)) {
    const source = [...withLocalImports(suite)].map((file) => readFileSync(join(WORKSPACE, file), 'utf8')).join('\n');
    for (const [, app] of source.matchAll(STARTS_APP)) {
      runs.set(app, [...(runs.get(app) ?? []), relative(project.root, suite)]);
    }
  }
  return runs;
}

function builtBefore(project: Project, app: string): boolean {
  return (project.integrationDependsOn ?? []).some((dependency) =>
    typeof dependency === 'string'
      ? dependency === 'build' && app === project.name
      : dependency.target === 'build' && (dependency.projects ?? [project.name]).includes(app),
  );
}

describe('integration targets build the apps their suites run', () => {
  it('finds suites that run built apps (the pattern still matches how suites start them)', () => {
    const history = projects().find((project) => project.name === 'history');
    expect(history && [...appsRun(history).keys()].sort()).toEqual(['controller', 'history']);
  });

  it('finds the apps the browser specs start through their harness', () => {
    const webE2e = projects().find((project) => project.name === 'web-e2e');
    expect(webE2e && [...appsRun(webE2e).keys()].sort()).toEqual(['automation', 'controller', 'datastore', 'history']);
  });

  it.each(projects().map((project) => [project.name, project] as const))(
    '%s: every app its integration suites run is built first',
    (_name, project) => {
      const unbuilt = [...appsRun(project)]
        .filter(([app]) => !builtBefore(project, app))
        .map(([app, suites]) => `${app} (run by ${[...new Set(suites)].join(', ')})`);
      expect(unbuilt).toEqual([]);
    },
  );
});
