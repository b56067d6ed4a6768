import { groupedProblems } from '../../services/service-problems';

/**
 * The service's problems with a rule (`trigger.threshold.value: must be a number`) by the form's
 * input they are about, the longest of `inputs` that the problem's path starts with, each without
 * its path; a problem about none of them (`unknown property trigger.x`) under `''`, as it is.
 */
export function problemsByInput(problems: readonly string[], inputs: readonly string[]): Record<string, string[]> {
  const pathOf = (problem: string) => /^([\w.[\]-]+): /.exec(problem)?.[1];
  const inputOf = (problem: string) => {
    const path = pathOf(problem);
    if (path === undefined) return undefined;
    return inputs
      .filter((input) => path === input || path.startsWith(`${input}.`) || path.startsWith(`${input}[`))
      .sort((a, b) => b.length - a.length)[0];
  };
  const grouped = groupedProblems(problems, inputOf);
  return Object.fromEntries(
    Object.entries(grouped).map(([input, found]) => [
      input,
      input === '' ? found : found.map((problem) => problem.slice(problem.indexOf(': ') + 2)),
    ]),
  );
}
