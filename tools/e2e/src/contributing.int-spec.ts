import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// CONTRIBUTING.md names projects, tags, scripts and paths that the code can move away from; these
// tests hold the page to the workspace.

const WORKSPACE = resolve(__dirname, '../../..');
const CONTRIBUTING = readFileSync(join(WORKSPACE, 'CONTRIBUTING.md'), 'utf8');
/** Folders whose subfolders hold the Nx projects (and `docker/`, a project of its own). */
const PROJECT_FOLDERS = ['apps', 'libs', 'tools'];

interface Project {
  name: string;
  tags?: string[];
  targets?: Record<string, unknown>;
}

/** Every Nx project of the workspace, from the `project.json` files. */
function projects(): Project[] {
  const files = [
    'docker/project.json',
    ...PROJECT_FOLDERS.flatMap((folder) =>
      readdirSync(join(WORKSPACE, folder)).map((name) => `${folder}/${name}/project.json`),
    ),
  ].filter((file) => existsSync(join(WORKSPACE, file)));
  return files.map((file) => JSON.parse(readFileSync(join(WORKSPACE, file), 'utf8')) as Project);
}

/** The projects a row of a table names in backquotes in its `column`th cell, sorted; the row is the one starting with `first`. */
function namedInRow(first: string, column: number): string[] {
  const row = CONTRIBUTING.split('\n').find((line) => line.startsWith(`| ${first} `));
  const cell = row?.split('|')[column + 1] ?? '';
  return [...cell.matchAll(/`([\w-]+)`/g)].map((match) => match[1]).sort();
}

/** The rows of the tag table: each tag with the projects its second column names, sorted. */
function documentedTags(): Map<string, string[]> {
  const tags = [...CONTRIBUTING.matchAll(/^\| `((?:type|scope):[\w-]+)` +\|/gm)].map((match) => match[1]);
  return new Map(tags.map((tag) => [tag, namedInRow(`\`${tag}\``, 1)]));
}

/** Each tag of the `project.json` files with the projects that carry it, sorted. */
function actualTags(): Map<string, string[]> {
  const byTag = new Map<string, string[]>();
  for (const { name, tags = [] } of projects())
    for (const tag of tags) byTag.set(tag, [...(byTag.get(tag) ?? []), name]);
  return new Map([...byTag].map(([tag, names]) => [tag, names.sort()]));
}

/** Paths in backquotes below the workspace's top folders, without placeholders or globs. */
function namedPaths(): string[] {
  const quoted = [...CONTRIBUTING.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]);
  const paths = quoted.filter((text) => /^(apps|libs|tools|docker|docs|\.ci)\/[^<>*]+$/.test(text));
  return [...new Set(paths)];
}

describe('CONTRIBUTING.md', () => {
  it('names in its tag table exactly the projects that carry each tag', () => {
    expect(Object.fromEntries(documentedTags())).toEqual(Object.fromEntries(actualTags()));
  });

  it('names in its targets table exactly the projects with integration tests', () => {
    const integrated = projects().filter(({ targets = {} }) => 'integration' in targets);
    expect(namedInRow('`integration`', 2)).toEqual(integrated.map(({ name }) => name).sort());
  });

  it('names only paths that exist', () => {
    expect(namedPaths().length).toBeGreaterThan(20);
    expect(namedPaths().filter((path) => !existsSync(join(WORKSPACE, path)))).toEqual([]);
  });

  it('names every npm script', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync(join(WORKSPACE, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
        .scripts,
    );
    const named = (script: string) =>
      [`npm ${script}`, `npm run ${script}`, `\`${script}\``].some((form) => CONTRIBUTING.includes(form));
    expect(scripts.filter((script) => !named(script))).toEqual([]);
  });
});
