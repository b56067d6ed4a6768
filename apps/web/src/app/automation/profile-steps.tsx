import type { StepDraft } from './profile-draft';
import { invalidWhen, RuleField } from './rule-form-parts';

/**
 * A profile's steps, in order: each a hold or a ramp, its setting and its duration in days, with
 * buttons to move it up or down and to remove it; **Add step** adds a hold at the end.
 */
export function ProfileSteps({
  steps,
  unitText,
  problems,
  onChange,
}: {
  steps: readonly StepDraft[];
  /** The user's temperature unit as shown: `°C`. */
  unitText: string;
  problems: Record<string, string[]>;
  onChange: (steps: StepDraft[]) => void;
}) {
  const replace = (index: number, change: Partial<StepDraft>) =>
    onChange(steps.map((step, at) => (at === index ? { ...step, ...change } : step)));
  const move = (index: number, by: -1 | 1) => {
    const moved = [...steps];
    [moved[index], moved[index + by]] = [moved[index + by], moved[index]];
    onChange(moved);
  };
  return (
    <fieldset aria-describedby={problems['steps'] ? 'profile-steps-problem' : undefined}>
      <legend>Steps</legend>
      {steps.length === 0 && <p class="hint">No step yet: add at least one.</p>}
      {steps.map((step, index) => {
        const path = `steps[${index}]`;
        const name = `Step ${index + 1}`;
        return (
          <div key={index} class="form-group" role="group" aria-label={name}>
            <div class="profile-step">
              <RuleField path={`${path}.type`} label={`${name}: kind`} problems={problems[`${path}.type`]}>
                <select
                  {...invalidWhen(`${path}.type`, problems[`${path}.type`])}
                  value={step.type}
                  onChange={(event) => replace(index, { type: event.currentTarget.value as StepDraft['type'] })}
                >
                  <option value="hold">Hold the setting</option>
                  <option value="ramp">Ramp to the setting</option>
                </select>
              </RuleField>
              <RuleField
                path={`${path}.setting`}
                label={`${name}: setting (${unitText})`}
                problems={problems[`${path}.setting`]}
              >
                <input
                  {...invalidWhen(`${path}.setting`, problems[`${path}.setting`])}
                  type="text"
                  inputMode="decimal"
                  value={step.setting}
                  onInput={(event) => replace(index, { setting: event.currentTarget.value })}
                />
              </RuleField>
              <RuleField
                path={`${path}.durationS`}
                label={`${name}: ${step.type === 'hold' ? 'for' : 'over'} (days)`}
                problems={problems[`${path}.durationS`]}
              >
                <input
                  {...invalidWhen(`${path}.durationS`, problems[`${path}.durationS`])}
                  type="text"
                  inputMode="decimal"
                  value={step.days}
                  onInput={(event) => replace(index, { days: event.currentTarget.value })}
                />
              </RuleField>
            </div>
            {problems[path] && <p class="problem">{problems[path].join(' ')}</p>}
            <div class="form-actions">
              <button type="button" disabled={index === 0} onClick={() => move(index, -1)}>
                Move step {index + 1} up
              </button>
              <button type="button" disabled={index === steps.length - 1} onClick={() => move(index, 1)}>
                Move step {index + 1} down
              </button>
              <button type="button" onClick={() => onChange(steps.filter((_, at) => at !== index))}>
                Remove step {index + 1}
              </button>
            </div>
          </div>
        );
      })}
      <button type="button" onClick={() => onChange([...steps, { type: 'hold', setting: '', days: '' }])}>
        Add step
      </button>
      {problems['steps'] && (
        <p id="profile-steps-problem" class="problem">
          {problems['steps'].join(' ')}
        </p>
      )}
    </fieldset>
  );
}
