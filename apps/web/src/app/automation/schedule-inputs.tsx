import type { RuleDraft } from './rule-draft';
import { invalidWhen, RuleField } from './rule-form-parts';

/** Every IANA time zone the browser knows, offered as the user types one. */
const TIME_ZONES: readonly string[] = Intl.supportedValuesOf?.('timeZone') ?? [];

/** A schedule's inputs: when, as a five-field cron expression, and the time zone of its clock. */
export function ScheduleInputs({
  draft,
  problems,
  onChange,
}: {
  draft: RuleDraft;
  problems: Record<string, string[]>;
  onChange: (change: Partial<RuleDraft>) => void;
}) {
  return (
    <>
      <RuleField
        path="trigger.cron"
        label="Schedule (minute hour day month weekday)"
        problems={problems['trigger.cron']}
      >
        <input
          {...invalidWhen('trigger.cron', problems['trigger.cron'])}
          type="text"
          spellcheck={false}
          autoComplete="off"
          placeholder="0 8 * * 1"
          value={draft.cron}
          onInput={(event) => onChange({ cron: event.currentTarget.value })}
        />
      </RuleField>
      <p class="hint">
        A star is every value: 0 8 * * * is every day at 8:00, 0 8 * * 1 Mondays at 8:00, */30 * * * * every half hour.
      </p>
      <RuleField path="trigger.timeZone" label="Time zone" problems={problems['trigger.timeZone']}>
        <input
          {...invalidWhen('trigger.timeZone', problems['trigger.timeZone'])}
          type="text"
          list="rule-time-zones"
          autoComplete="off"
          value={draft.timeZone}
          onInput={(event) => onChange({ timeZone: event.currentTarget.value })}
        />
        <datalist id="rule-time-zones">
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </RuleField>
    </>
  );
}
