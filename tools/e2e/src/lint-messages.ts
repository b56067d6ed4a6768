import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const WORKSPACE = resolve(__dirname, '../../..');

/** A text to lint as the file at `file` (a path in the workspace), e.g. a file with a line added. */
export interface LintCase {
  file: string;
  text: string;
}

/**
 * The messages of the rule `ruleId` that the workspace's lint configuration gives each case, from
 * ESLint run in a process of its own (Jest cannot load the ESM configuration).
 */
export function lintMessages(cases: LintCase[], ruleId: string): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint();
    const { cases, ruleId } = JSON.parse(process.argv[1]);
    const answers = [];
    for (const { file, text } of cases) {
      const [result] = await eslint.lintText(text, { filePath: file });
      answers.push(result.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message));
    }
    console.log(JSON.stringify(answers));`;
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify({ cases, ruleId })],
    { cwd: WORKSPACE, encoding: 'utf8' },
  );
  return JSON.parse(output);
}
