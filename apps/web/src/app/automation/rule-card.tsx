import type { TemperatureUnit } from '@eventcast/block-model';
import { ConfirmDelete } from '../../ui/confirm-delete';
import type { ListedRule } from './automation-calls';
import { editable } from './rule-draft';
import { actionWords, triggerWords, type KnownNames } from './rule-words';

/** A rule as a brewer reads it: what fires it, what it does, whether it runs; Edit and Delete. */
export function RuleCard({
  rule,
  userUnit,
  names,
  onEdit,
  onDelete,
}: {
  rule: ListedRule;
  userUnit: TemperatureUnit;
  names: KnownNames;
  onEdit: () => void;
  onDelete: () => Promise<void>;
}) {
  const heading = `rule-${rule.id}-title`;
  const title = rule.title || rule.id;
  const runs = rule.problems === undefined;
  return (
    <li class={`panel rule${rule.enabled && runs ? '' : ' disabled'}`} aria-labelledby={heading}>
      <h2 id={heading}>{title}</h2>
      {runs ? (
        <>
          <p>
            <strong>{rule.enabled ? 'Enabled' : 'Disabled'}</strong>: fires when {triggerWords(rule.trigger, userUnit)}
          </p>
          <ul class="items" aria-label={`Actions of ${title}`}>
            {rule.actions.map((action, index) => (
              <li key={index}>{actionWords(action, names)}</li>
            ))}
          </ul>
        </>
      ) : (
        <div class="problem">
          <p>This document cannot run as a rule:</p>
          <ul>
            {rule.problems?.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <div class="form-actions">
        {runs && editable(rule) && (
          <button type="button" aria-label={`Edit ${title}`} onClick={onEdit}>
            Edit
          </button>
        )}
        <ConfirmDelete name={title} question={`Delete ${title}? Its open incident stays listed.`} onDelete={onDelete} />
      </div>
    </li>
  );
}
