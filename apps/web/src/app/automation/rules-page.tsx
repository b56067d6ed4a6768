import type { Rule } from '@eventcast/automation-model';
import { useControllers } from '../../common/use-controllers';
import { useUserUnit } from '../../common/use-user-unit';
import { useQuickActions } from '../../common/use-quick-actions';
import { INCIDENTS_PATH, PROFILES_PATH } from './automation-routes';
import { useEditorSlot } from '../../common/editor-slot';
import { notifiesInBrowser } from './browser-notifications';
import { NotificationsOffer } from './notifications-offer';
import { RuleCard } from './rule-card';
import { RuleEditor } from './rule-editor';
import { useBrowserNotifications } from './use-browser-notifications';
import { useIncidents } from './use-incidents';
import { useProfiles } from './use-profiles';
import { useRules } from './use-rules';
import './automation.css';

/**
 * The automation service's rules: each in a brewer's words, **New rule** and **Edit** open the
 * form, **Delete** asks first. Incidents that open meanwhile are notified as on the incidents page.
 */
export function RulesPage() {
  const { rules, problem, save, remove } = useRules();
  const userUnit = useUserUnit();
  const { controllers } = useControllers();
  const { actions: quickActions } = useQuickActions();
  const { profiles } = useProfiles();
  const profileNames = profiles.map(({ id, title }) => ({ id, name: title || id }));
  const names = {
    quickActions: new Map(quickActions.map(({ id, name }) => [id, name])),
    profiles: new Map(profileNames.map(({ id, name }) => [id, name])),
  };
  const notifications = useBrowserNotifications(rules);
  const { incidents } = useIncidents(notifications.notify);
  const { editing, newButton, edit, close } = useEditorSlot<Rule>();
  const open = incidents.filter((incident) => incident.closedAt === undefined).length;
  return (
    <section class="automation" aria-labelledby="rules-title">
      <h1 id="rules-title">Rules</h1>
      <p class="status">
        <a href={INCIDENTS_PATH}>Incidents</a> · {open === 0 ? 'nothing open' : `${open} open`} ·{' '}
        <a href={PROFILES_PATH}>Profiles</a>
      </p>
      <NotificationsOffer
        permission={notifications.permission}
        wanted={rules.some(notifiesInBrowser)}
        onAsk={notifications.ask}
      />
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {editing === undefined ? (
        <div>
          <button type="button" ref={newButton} onClick={() => edit(null)}>
            New rule
          </button>
        </div>
      ) : (
        <RuleEditor
          key={editing?.id ?? 'new'}
          rule={editing ?? undefined}
          userUnit={userUnit}
          serviceIds={[...controllers.keys()]}
          quickActions={quickActions}
          profiles={profileNames}
          onSave={save}
          onClose={close}
        />
      )}
      {rules.length === 0 && !problem && (
        <p class="hint">No rule yet: nothing tells anyone when something goes wrong.</p>
      )}
      <ul class="cards" aria-label="Rules">
        {rules.map((rule) => (
          <RuleCard
            key={rule.id}
            rule={rule}
            userUnit={userUnit}
            names={names}
            onEdit={() => edit(rule)}
            onDelete={() => remove(rule)}
          />
        ))}
      </ul>
    </section>
  );
}
