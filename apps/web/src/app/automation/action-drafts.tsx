import { useState } from 'preact/hooks';
import { WEBHOOK_TEMPLATES, type WebhookTemplate } from '@eventcast/automation-model';
import type { QuickAction } from '../../common/quick-action';
import { DocumentChoice, type NamedDocument } from './document-choice';
import type { ActionDraft } from './rule-draft';
import { invalidWhen, RuleField } from './rule-form-parts';
import { TEMPLATE_WORDS } from './rule-words';

type NewAction = WebhookTemplate | 'web' | 'mqtt' | 'quick-action' | 'profile';

const NEW_ACTION_WORDS: Record<NewAction, string> = {
  web: 'Notify in this browser',
  mqtt: 'MQTT event',
  'quick-action': 'Apply a quick action',
  profile: 'Start or stop a profile',
  ...Object.fromEntries(WEBHOOK_TEMPLATES.map((template) => [template, `Webhook: ${TEMPLATE_WORDS[template]}`])),
} as Record<NewAction, string>;

const URL_HINTS: Record<WebhookTemplate, string> = {
  ntfy: 'https://ntfy.sh/your-topic',
  gotify: 'https://gotify.example/message?token=…',
  discord: 'https://discord.com/api/webhooks/…',
  slack: 'https://hooks.slack.com/services/…',
  custom: 'https://…',
};

/**
 * What a rule does when it fires: each webhook with its receiver, address and (custom) body, an
 * MQTT event, this browser, a saved quick action, a profile started or stopped; **Add action** of a
 * chosen kind, **Remove** on each.
 */
export function ActionDrafts({
  actions,
  quickActions,
  profiles,
  problems,
  onChange,
}: {
  actions: readonly ActionDraft[];
  quickActions: readonly QuickAction[];
  /** The profiles, by their titles. */
  profiles: readonly NamedDocument[];
  problems: Record<string, string[]>;
  onChange: (actions: ActionDraft[]) => void;
}) {
  const [adding, setAdding] = useState<NewAction>('ntfy');
  const replace = (index: number, action: ActionDraft) =>
    onChange(actions.map((old, at) => (at === index ? action : old)));
  const newAction = (): ActionDraft => {
    switch (adding) {
      case 'web':
      case 'mqtt':
        return { type: adding };
      case 'quick-action':
        return { type: 'quick-action', quickActionId: quickActions[0]?.id ?? '' };
      case 'profile':
        return { type: 'profile', profileId: profiles[0]?.id ?? '', run: 'start' };
      default:
        return { type: 'webhook', template: adding, url: '', body: '' };
    }
  };
  const add = () => onChange([...actions, newAction()]);
  return (
    <fieldset aria-describedby={problems['actions'] ? 'rule-actions-problem' : undefined}>
      <legend>Then</legend>
      {actions.length === 0 && <p class="hint">No action yet: add at least one.</p>}
      {actions.map((action, index) => {
        const path = `actions[${index}]`;
        const name = `Action ${index + 1}`;
        return (
          <div key={index} class="form-group" role="group" aria-label={name}>
            {action.type === 'webhook' ? (
              <>
                <RuleField
                  path={`${path}.template`}
                  label={`${name}: receiver`}
                  problems={problems[`${path}.template`]}
                >
                  <select
                    {...invalidWhen(`${path}.template`, problems[`${path}.template`])}
                    value={action.template}
                    onChange={(event) =>
                      replace(index, { ...action, template: event.currentTarget.value as WebhookTemplate })
                    }
                  >
                    {WEBHOOK_TEMPLATES.map((template) => (
                      <option key={template} value={template}>
                        {TEMPLATE_WORDS[template]}
                      </option>
                    ))}
                  </select>
                </RuleField>
                <RuleField path={`${path}.url`} label={`${name}: address`} problems={problems[`${path}.url`]}>
                  <input
                    {...invalidWhen(`${path}.url`, problems[`${path}.url`])}
                    type="url"
                    placeholder={URL_HINTS[action.template]}
                    value={action.url}
                    onInput={(event) => replace(index, { ...action, url: event.currentTarget.value })}
                  />
                </RuleField>
                {action.template === 'custom' && (
                  <RuleField path={`${path}.body`} label={`${name}: body`} problems={problems[`${path}.body`]}>
                    <textarea
                      {...invalidWhen(`${path}.body`, problems[`${path}.body`])}
                      rows={3}
                      placeholder={'{"text": "{{rule}}: {{message}}"}'}
                      value={action.body}
                      onInput={(event) => replace(index, { ...action, body: event.currentTarget.value })}
                    />
                  </RuleField>
                )}
              </>
            ) : action.type === 'quick-action' ? (
              <DocumentChoice
                path={`${path}.quickActionId`}
                label={`${name}: quick action`}
                value={action.quickActionId}
                choices={quickActions}
                noneWords="No quick action saved yet"
                problems={problems[`${path}.quickActionId`]}
                onChange={(quickActionId) => replace(index, { ...action, quickActionId })}
              />
            ) : action.type === 'profile' ? (
              <>
                <DocumentChoice
                  path={`${path}.profileId`}
                  label={`${name}: profile`}
                  value={action.profileId}
                  choices={profiles}
                  noneWords="No profile saved yet"
                  problems={problems[`${path}.profileId`]}
                  onChange={(profileId) => replace(index, { ...action, profileId })}
                />
                <RuleField path={`${path}.run`} label={`${name}: start or stop`} problems={problems[`${path}.run`]}>
                  <select
                    {...invalidWhen(`${path}.run`, problems[`${path}.run`])}
                    value={action.run}
                    onChange={(event) =>
                      replace(index, { ...action, run: event.currentTarget.value as 'start' | 'stop' })
                    }
                  >
                    <option value="start">Start it (from now)</option>
                    <option value="stop">Stop it</option>
                  </select>
                </RuleField>
              </>
            ) : (
              <p>{`${name}: ${NEW_ACTION_WORDS[action.type]}`}</p>
            )}
            {problems[path] && <p class="problem">{problems[path].join(' ')}</p>}
            <button
              type="button"
              aria-label={`Remove action ${index + 1}`}
              onClick={() => onChange(actions.filter((_, at) => at !== index))}
            >
              Remove
            </button>
          </div>
        );
      })}
      <div class="form-field">
        <label for="rule-new-action">Kind of action</label>
        <select
          id="rule-new-action"
          value={adding}
          onChange={(event) => setAdding(event.currentTarget.value as NewAction)}
        >
          {(Object.keys(NEW_ACTION_WORDS) as NewAction[]).map((kind) => (
            <option key={kind} value={kind}>
              {NEW_ACTION_WORDS[kind]}
            </option>
          ))}
        </select>
      </div>
      <button type="button" onClick={add}>
        Add action
      </button>
      {problems['actions'] && (
        <p id="rule-actions-problem" class="problem">
          {problems['actions'].join(' ')}
        </p>
      )}
    </fieldset>
  );
}
