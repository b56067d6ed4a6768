import type { Profile } from '@eventcast/automation-model';
import { useControllers } from '../../common/use-controllers';
import { useUserUnit } from '../../common/use-user-unit';
import { INCIDENTS_PATH, RULES_PATH } from './automation-routes';
import { useEditorSlot } from '../../common/editor-slot';
import { ProfileCard } from './profile-card';
import { ProfileEditor } from './profile-editor';
import { useProfiles } from './use-profiles';
import './automation.css';

/**
 * The automation service's fermentation profiles: each with where it stands and its planned line,
 * **New profile** and **Edit** open the form, **Start now** and **Stop**, **Delete** asks first.
 */
export function ProfilesPage() {
  const { profiles, problem, save, remove, run } = useProfiles();
  const userUnit = useUserUnit();
  const { controllers } = useControllers();
  const { editing, newButton, edit, close } = useEditorSlot<Profile>();
  return (
    <section class="automation" aria-labelledby="profiles-title">
      <h1 id="profiles-title">Fermentation profiles</h1>
      <p class="status">
        <a href={INCIDENTS_PATH}>Incidents</a> · <a href={RULES_PATH}>Rules</a>
      </p>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {editing === undefined ? (
        <div>
          <button type="button" ref={newButton} onClick={() => edit(null)}>
            New profile
          </button>
        </div>
      ) : (
        <ProfileEditor
          key={editing?.id ?? 'new'}
          profile={editing ?? undefined}
          userUnit={userUnit}
          serviceIds={[...controllers.keys()]}
          onSave={save}
          onClose={close}
        />
      )}
      {profiles.length === 0 && !problem && (
        <p class="hint">No profile yet: a profile moves a beer's setting along a schedule of holds and ramps.</p>
      )}
      <ul class="cards" aria-label="Profiles">
        {profiles.map((profile) => (
          <ProfileCard
            key={profile.id}
            profile={profile}
            userUnit={userUnit}
            onRun={run}
            onEdit={() => edit(profile)}
            onDelete={() => remove(profile)}
          />
        ))}
      </ul>
    </section>
  );
}
