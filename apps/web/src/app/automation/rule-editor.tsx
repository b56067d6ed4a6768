import { useEffect, useRef, useState } from 'preact/hooks';
import type { Rule } from '@eventcast/automation-model';
import type { TemperatureUnit } from '@eventcast/block-model';
import { FieldPicker } from '../../common/field-picker';
import type { QuickAction } from '../../common/quick-action';
import { unitLabel } from '../../ui/unit-label';
import { ActionDrafts } from './action-drafts';
import { CheckedFormEnd, useCheckedSave } from './checked-form';
import type { NamedDocument } from './document-choice';
import { differenceUnit, draftOf, newDraft, ruleOf, shownUnit, type RuleDraft, type RuleKind } from './rule-draft';
import { invalidWhen, RuleField } from './rule-form-parts';
import { ScheduleInputs } from './schedule-inputs';
import { RulePreviewLine } from './rule-preview-line';

const KIND_WORDS: Record<RuleKind, string> = {
  threshold: 'A value passes a threshold',
  stale: 'A sensor sends no new value',
  offline: 'A controller goes offline',
  schedule: 'On a schedule',
};

const LASTING_WORDS: Record<Exclude<RuleKind, 'schedule'>, string> = {
  threshold: 'For at least (min)',
  stale: 'No new value for (min)',
  offline: 'Offline for at least (min)',
};

/** The paths of the rule that the form has an input for; the service's problems about them show beside it. */
function inputPaths(draft: RuleDraft): string[] {
  const trigger = [
    'trigger.field',
    'trigger.serviceId',
    'trigger.when',
    'trigger.threshold',
    'trigger.hysteresis',
    'trigger.forS',
    'trigger.cron',
    'trigger.timeZone',
  ];
  const actions = draft.actions.flatMap((_, index) =>
    ['', '.template', '.url', '.body', '.quickActionId', '.profileId', '.run'].map(
      (part) => `actions[${index}]${part}`,
    ),
  );
  return ['title', 'enabled', 'remindEveryS', 'actions', ...trigger, ...actions];
}

/**
 * Creates a rule, or edits `rule`: its title, trigger (the field from the history explorer's tree,
 * a threshold in the user's unit, or a schedule in a time zone), actions and reminders, with a
 * preview of when it would have fired over the last 24 h, or when its schedule fires next. Save
 * sends it to the service, which checks it: its problems show beside the inputs they are about and
 * nothing is saved.
 */
export function RuleEditor({
  rule,
  userUnit,
  serviceIds,
  quickActions,
  profiles,
  onSave,
  onClose,
}: {
  rule?: Rule;
  userUnit: TemperatureUnit;
  serviceIds: readonly string[];
  quickActions: readonly QuickAction[];
  profiles: readonly NamedDocument[];
  onSave: (rule: Rule) => Promise<string[]>;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<RuleDraft>(() => (rule && draftOf(rule, userUnit)) || newDraft());
  const { problems, saving, save: checkedSave } = useCheckedSave('the rule', onSave, onClose);
  const titleInput = useRef<HTMLInputElement>(null);
  useEffect(() => titleInput.current?.focus(), []);
  const title = rule ? `Edit ${rule.title}` : 'New rule';
  const set = (change: Partial<RuleDraft>) => setDraft((previous) => ({ ...previous, ...change }));
  const shown = ruleOf(draft, userUnit);
  const unit = shownUnit(draft.field, userUnit);
  const withUnit = (label: string, symbol: string | undefined) => (symbol ? `${label} (${unitLabel(symbol)})` : label);

  const save = (event: Event) => {
    event.preventDefault();
    void checkedSave(shown, inputPaths(draft));
  };
  const numberInput = (path: string, value: string, onInput: (value: string) => void) => (
    <input
      {...invalidWhen(path, problems[path])}
      type="text"
      inputMode="decimal"
      value={value}
      onInput={(event) => onInput(event.currentTarget.value)}
    />
  );

  return (
    <form
      class="panel rule-form"
      aria-label={title}
      onSubmit={save}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
      noValidate
    >
      <h2>{title}</h2>
      <RuleField path="title" label="Title" problems={problems['title']}>
        <input
          {...invalidWhen('title', problems['title'])}
          ref={titleInput}
          type="text"
          maxLength={200}
          placeholder="Beer too warm"
          value={draft.title}
          onInput={(event) => set({ title: event.currentTarget.value })}
        />
      </RuleField>
      <div class="form-field">
        <label>
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => set({ enabled: event.currentTarget.checked })}
          />{' '}
          Enabled
        </label>
      </div>
      <fieldset>
        <legend>When</legend>
        <div class="form-field">
          <label for="rule-kind">Fires when</label>
          <select
            id="rule-kind"
            value={draft.kind}
            onChange={(event) => set({ kind: event.currentTarget.value as RuleKind })}
          >
            {(Object.keys(KIND_WORDS) as RuleKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {KIND_WORDS[kind]}
              </option>
            ))}
          </select>
        </div>
        {draft.kind === 'schedule' ? (
          <ScheduleInputs draft={draft} problems={problems} onChange={set} />
        ) : draft.kind === 'offline' ? (
          <RuleField path="trigger.serviceId" label="Controller" problems={problems['trigger.serviceId']}>
            <input
              {...invalidWhen('trigger.serviceId', problems['trigger.serviceId'])}
              type="text"
              list="rule-controllers"
              value={draft.serviceId}
              onInput={(event) => set({ serviceId: event.currentTarget.value })}
            />
            <datalist id="rule-controllers">
              {serviceIds.map((serviceId) => (
                <option key={serviceId} value={serviceId} />
              ))}
            </datalist>
          </RuleField>
        ) : (
          <>
            <p class="chosen-field" id="rule-trigger-field" aria-live="polite">
              Field: <strong>{draft.field || 'none chosen: pick one in the tree'}</strong>
            </p>
            {problems['trigger.field'] && (
              <p id="rule-trigger-field-problem" class="problem">
                {problems['trigger.field'].join(' ')}
              </p>
            )}
            <FieldPicker
              chosen={new Set(draft.field ? [draft.field] : [])}
              userUnit={userUnit}
              onToggle={(field) => set({ field: field === draft.field ? '' : field })}
            />
          </>
        )}
        {draft.kind === 'threshold' && (
          <>
            <RuleField path="trigger.when" label="The value is" problems={problems['trigger.when']}>
              <select
                {...invalidWhen('trigger.when', problems['trigger.when'])}
                value={draft.when}
                onChange={(event) => set({ when: event.currentTarget.value as RuleDraft['when'] })}
              >
                <option value="above">above the threshold</option>
                <option value="below">below the threshold</option>
              </select>
            </RuleField>
            <RuleField
              path="trigger.threshold"
              label={withUnit('Threshold', unit)}
              problems={problems['trigger.threshold']}
            >
              {numberInput('trigger.threshold', draft.threshold, (threshold) => set({ threshold }))}
            </RuleField>
            <RuleField
              path="trigger.hysteresis"
              label={withUnit('Hysteresis', differenceUnit(unit))}
              problems={problems['trigger.hysteresis']}
            >
              {numberInput('trigger.hysteresis', draft.hysteresis, (hysteresis) => set({ hysteresis }))}
            </RuleField>
            <p class="hint">
              The incident closes once the value is back past the threshold by the hysteresis, so a noisy sensor does
              not flap.
            </p>
          </>
        )}
        {draft.kind !== 'schedule' && (
          <RuleField path="trigger.forS" label={LASTING_WORDS[draft.kind]} problems={problems['trigger.forS']}>
            {numberInput('trigger.forS', draft.forMin, (forMin) => set({ forMin }))}
          </RuleField>
        )}
      </fieldset>
      <RulePreviewLine rule={shown} />
      <ActionDrafts
        actions={draft.actions}
        quickActions={quickActions}
        profiles={profiles}
        problems={problems}
        onChange={(actions) => set({ actions })}
      />
      <RuleField path="remindEveryS" label="Remind every (min), until acknowledged" problems={problems['remindEveryS']}>
        {numberInput('remindEveryS', draft.remindMin, (remindMin) => set({ remindMin }))}
      </RuleField>
      <CheckedFormEnd what="rule" problems={problems['']} saving={saving} onClose={onClose} />
    </form>
  );
}
