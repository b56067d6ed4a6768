import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { codeSpans, tableUnder } from './markdown-table';

/** The repository root. */
export const WORKSPACE = resolve(__dirname, '../..');
/** The `docker/` folder. */
export const DOCKER_DIR = join(WORKSPACE, 'docker');

/** A file of the repository as text, by its path from the root. */
export function readRepoFile(path: string): string {
  return readFileSync(join(WORKSPACE, path), 'utf8');
}

/** The parts of a Compose service these checks look at. */
export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string };
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  restart?: string;
  healthcheck?: { test: string[] };
  secrets?: string[];
}

/** The parts of a Compose file these checks look at. */
export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  secrets?: Record<string, { file: string }>;
}

/**
 * A Compose file (`docker/compose.yaml` unless told another) as Compose reads it with no variable set: merge keys applied, `${VAR:-default}`
 * replaced by its default and `$$` by `$`.
 */
export function loadCompose(path = 'docker/compose.yaml'): ComposeFile {
  return interpolate(parse(readRepoFile(path), { merge: true })) as ComposeFile;
}

function interpolate(node: unknown): unknown {
  if (typeof node === 'string') {
    return node.replace(/\$\$|\$\{(\w+)(?::?-([^}]*))?\}/g, (match, _name, fallback) =>
      match === '$$' ? '$' : (fallback ?? ''),
    );
  }
  if (Array.isArray(node)) return node.map(interpolate);
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolate(v)]));
  return node;
}

/** One row of the services table of docs/deployment.md. */
export interface DocumentedService {
  name: string;
  /** An image reference, or `docker/Dockerfile` for an image built from it. */
  image: string;
  /** The stage of docker/Dockerfile, when not its last: "`docker/Dockerfile`, stage `proxy`". */
  stage?: string;
  environment: Record<string, string>;
  volumes: string[];
  published: string[];
  dependsOn: string[];
}

/** One row of the URL table of docs/deployment.md. */
export interface DocumentedRoute {
  path: string;
  service: string;
}

const DOCS = 'docs/deployment.md';

/** The services table (`## Services`) of docs/deployment.md. */
export function documentedServices(): DocumentedService[] {
  return tableUnder(readRepoFile(DOCS), '## Services').map((row) => ({
    name: codeSpans(row['service'])[0],
    image: codeSpans(row['image'])[0],
    stage: /stage `([^`]+)`/.exec(row['image'])?.[1],
    environment: Object.fromEntries(codeSpans(row['environment']).map((pair) => pair.split(/=(.*)/s).slice(0, 2))),
    volumes: codeSpans(row['volumes']),
    published: codeSpans(row['published']),
    dependsOn: codeSpans(row['starts after (healthy)']),
  }));
}

/** The URL table (`## URLs`) of docs/deployment.md. */
export function documentedRoutes(): DocumentedRoute[] {
  return tableUnder(readRepoFile(DOCS), '## URLs').map((row) => ({
    path: codeSpans(row['path'])[0],
    service: codeSpans(row['service'])[0],
  }));
}

/** `value`, or a failure naming what was missing: a lookup the tests rely on that finds nothing. */
export function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} not found`);
  return value;
}
