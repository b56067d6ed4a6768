import type { Rule } from '@eventcast/automation-model';
import { draftOf, editable, newDraft, ruleOf, shownUnit } from './rule-draft';

const NOW = Date.UTC(2026, 10, 26, 3, 30);
const FIELD = 'fermenter/Beer sensor/value[degC]';

describe(ruleOf.name, () => {
  it('makes a threshold rule in the unit the threshold was typed in, minutes as seconds', () => {
    const draft = {
      ...newDraft(),
      title: 'Beer too warm',
      field: FIELD,
      threshold: '72',
      hysteresis: '1',
      forMin: '10',
      remindMin: '60',
    };
    expect(ruleOf(draft, 'degF', NOW)).toEqual({
      namespace: 'svc-automation:rules',
      id: `rule-Beer-too-warm-${NOW.toString(36)}`,
      title: 'Beer too warm',
      enabled: true,
      trigger: {
        type: 'threshold',
        field: FIELD,
        when: 'above',
        threshold: { value: 72, unit: 'degF' },
        hysteresis: { value: 1, unit: 'degF' },
        forS: 600,
      },
      actions: [{ type: 'web' }],
      remindEveryS: 3600,
    });
  });

  it('leaves an empty threshold without a number, for the service to name the problem', () => {
    const rule = ruleOf({ ...newDraft(), title: 'x', field: FIELD }, 'degC', NOW);
    expect(JSON.parse(JSON.stringify(rule.trigger))).toEqual({
      type: 'threshold',
      field: FIELD,
      when: 'above',
      threshold: { unit: 'degC' },
    });
  });

  it("makes a new schedule in the browser's time zone, trimmed", () => {
    const draft = { ...newDraft('Europe/Amsterdam'), kind: 'schedule' as const, cron: ' 0 8 * * * ' };
    expect(ruleOf(draft, 'degC', NOW).trigger).toEqual({
      type: 'schedule',
      cron: '0 8 * * *',
      timeZone: 'Europe/Amsterdam',
    });
  });

  it('sends a webhook with a ready template without a body, and a custom one with its body', () => {
    const draft = {
      ...newDraft(),
      kind: 'offline' as const,
      serviceId: ' cellar ',
      actions: [
        { type: 'webhook' as const, template: 'ntfy' as const, url: ' https://ntfy.sh/brewery ', body: 'ignored' },
        { type: 'webhook' as const, template: 'custom' as const, url: 'http://hook', body: '{"text": "{{message}}"}' },
      ],
    };
    const rule = ruleOf(draft, 'degC', NOW);
    expect(rule.trigger).toEqual({ type: 'offline', serviceId: 'cellar' });
    expect(rule.actions).toEqual([
      { type: 'webhook', url: 'https://ntfy.sh/brewery', template: 'ntfy' },
      { type: 'webhook', url: 'http://hook', template: 'custom', body: '{"text": "{{message}}"}' },
    ]);
  });
});

describe(draftOf.name, () => {
  const rule: Rule = {
    namespace: 'svc-automation:rules',
    id: 'beer-too-warm',
    title: 'Beer too warm',
    enabled: false,
    trigger: {
      type: 'threshold',
      field: FIELD,
      when: 'above',
      threshold: { value: 22, unit: 'degC' },
      hysteresis: { value: 0.5, unit: 'degC' },
      forS: 90,
    },
    conditions: [{ field: 'fermenter/Fridge/value[degC]', when: 'below', threshold: { value: 30 } }],
    actions: [
      { type: 'patch', serviceId: 'fermenter', blockId: 'Heater', blockType: 'DigitalActuator', data: {} },
      { type: 'web' },
    ],
  };

  it("shows a saved threshold in the user's unit, a hysteresis as a difference", () => {
    const draft = draftOf(rule, 'degF');
    expect(draft).toMatchObject({ threshold: '71.6', hysteresis: '0.9', forMin: '1.5', enabled: false });
  });

  it('saves again what the form does not edit, as it was', () => {
    const draft = draftOf(rule, 'degC');
    expect(draft && ruleOf(draft, 'degC', NOW)).toEqual({
      ...rule,
      trigger: { ...rule.trigger, threshold: { value: 22, unit: 'degC' }, hysteresis: { value: 0.5, unit: 'degC' } },
      actions: [{ type: 'web' }, rule.actions[0]],
    });
  });

  it('leaves a block trigger to the API', () => {
    const onBlock: Rule = {
      ...rule,
      trigger: { type: 'block', serviceId: 'fermenter', blockId: 'Pump', path: 'state', equals: true },
    };
    expect(editable(onBlock)).toBe(false);
    expect(draftOf(onBlock, 'degC')).toBeUndefined();
    expect(editable(rule)).toBe(true);
  });

  it('edits a schedule in its time zone, UTC when it has none, a quick action and a profile', () => {
    const scheduled: Rule = {
      ...rule,
      trigger: { type: 'schedule', cron: '0 8 * * 1' },
      actions: [
        { type: 'quick-action', quickActionId: 'action-cold-crash' },
        { type: 'profile', profileId: 'profile-ale', run: 'stop' },
      ],
    };
    const draft = draftOf(scheduled, 'degC');
    expect(draft).toMatchObject({
      kind: 'schedule',
      cron: '0 8 * * 1',
      timeZone: 'UTC',
      actions: scheduled.actions,
      kept: { actions: [] },
    });
    expect(draft && ruleOf({ ...draft, timeZone: 'Europe/Amsterdam' }, 'degC', NOW)).toMatchObject({
      trigger: { type: 'schedule', cron: '0 8 * * 1', timeZone: 'Europe/Amsterdam' },
      actions: scheduled.actions,
    });
  });
});

describe(shownUnit.name, () => {
  it("types a temperature in the user's unit and any other field in its own", () => {
    expect(shownUnit(FIELD, 'degF')).toBe('degF');
    expect(shownUnit('fermenter/Spunding/pressure[bar]', 'degF')).toBe('bar');
    expect(shownUnit('fermenter/Pump/state', 'degF')).toBeUndefined();
  });
});
