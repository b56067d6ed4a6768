import type { ComponentChildren } from 'preact';

/** The ids of a form input and of its problem, from the rule's path it sets (`trigger.threshold`). */
export function inputIds(path: string): { id: string; problemId: string } {
  const id = `rule-${path.replace(/[^\w-]+/g, '-')}`;
  return { id, problemId: `${id}-problem` };
}

/** The attributes that mark an input invalid and point it at its problems, when it has any. */
export function invalidWhen(path: string, problems: readonly string[] | undefined) {
  const { id, problemId } = inputIds(path);
  return problems?.length
    ? { id, 'aria-invalid': true, 'aria-describedby': problemId }
    : { id, 'aria-invalid': undefined, 'aria-describedby': undefined };
}

/** A labelled input of the rule's form with the service's problems about it beneath. */
export function RuleField({
  path,
  label,
  problems,
  children,
}: {
  path: string;
  label: string;
  problems: readonly string[] | undefined;
  children: ComponentChildren;
}) {
  const { id, problemId } = inputIds(path);
  return (
    <div class="form-field">
      <label for={id}>{label}</label>
      {children}
      {problems?.length ? (
        <p id={problemId} class="problem">
          {problems.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
