import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const WORKSPACE = resolve(__dirname, '../../..');

/** The pages a newcomer reads: the README, CONTRIBUTING.md and everything under docs/. */
function pages(): string[] {
  const docs = readdirSync(join(WORKSPACE, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(WORKSPACE, 'docs', name));
  return [join(WORKSPACE, 'README.md'), join(WORKSPACE, 'CONTRIBUTING.md'), ...docs];
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(page, 'utf8').replace(/```[\s\S]*?```/g, '');
  const headings = [...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]));
  return new Set(headings);
}

/** Every link to a file of the repository (`[text](path#anchor)`), outside code blocks. */
function localLinks(page: string): { target: string; anchor?: string }[] {
  const text = readFileSync(page, 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((href) => !/^[a-z]+:/i.test(href))
    .map((href) => {
      const [path, anchor] = href.split('#');
      return { target: path === '' ? page : resolve(dirname(page), path), anchor };
    });
}

describe('links between the docs', () => {
  it.each(pages().map((page) => [relative(WORKSPACE, page), page]))(
    '%s links only to files and headings that exist',
    (_name, page) => {
      const broken = localLinks(page)
        .filter(({ target, anchor }) =>
          !existsSync(target) ? true : anchor !== undefined && target.endsWith('.md') && !anchorsOf(target).has(anchor),
        )
        .map(({ target, anchor }) => `${relative(WORKSPACE, target)}${anchor === undefined ? '' : `#${anchor}`}`);
      expect(broken).toEqual([]);
    },
  );
});
