import { useEffect, useRef, useState } from 'preact/hooks';
import type { Profile } from '@eventcast/automation-model';
import type { TemperatureUnit } from '@eventcast/block-model';
import { unitLabel } from '../../ui/unit-label';
import { CheckedFormEnd, useCheckedSave } from './checked-form';
import { newProfileDraft, profileDraftOf, profileOf, type ProfileDraft, type StepDraft } from './profile-draft';
import { ProfilePlanGraph } from './profile-plan-graph';
import { ProfileSteps } from './profile-steps';
import { invalidWhen, RuleField } from './rule-form-parts';

/** The paths of the profile that the form has an input for; the service's problems about them show beside it. */
function inputPaths(draft: ProfileDraft): string[] {
  const steps = draft.steps.flatMap((_, index) =>
    ['', '.type', '.setting', '.durationS'].map((part) => `steps[${index}]${part}`),
  );
  return ['title', 'serviceId', 'blockId', 'steps', ...steps];
}

/**
 * Creates a profile, or edits `profile`: its title, the controller and SetpointSensorPair it
 * drives, and its steps (settings in the user's unit, durations in days), with its planned line
 * drawn as the user types. Save sends it to the service, which checks it: its problems show beside
 * the inputs they are about and nothing is saved.
 */
export function ProfileEditor({
  profile,
  userUnit,
  serviceIds,
  onSave,
  onClose,
}: {
  profile?: Profile;
  userUnit: TemperatureUnit;
  serviceIds: readonly string[];
  onSave: (profile: Profile) => Promise<string[]>;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<ProfileDraft>(() =>
    profile ? profileDraftOf(profile, userUnit) : newProfileDraft(),
  );
  const { problems, saving, save: checkedSave } = useCheckedSave('the profile', onSave, onClose);
  const titleInput = useRef<HTMLInputElement>(null);
  useEffect(() => titleInput.current?.focus(), []);
  const title = profile ? `Edit ${profile.title}` : 'New profile';
  const set = (change: Partial<ProfileDraft>) => setDraft((previous) => ({ ...previous, ...change }));
  const shown = profileOf(draft, userUnit);

  const save = (event: Event) => {
    event.preventDefault();
    void checkedSave(shown, inputPaths(draft));
  };
  const text = (path: 'title' | 'serviceId' | 'blockId', label: string, extra: Record<string, unknown> = {}) => (
    <RuleField path={path} label={label} problems={problems[path]}>
      <input
        {...invalidWhen(path, problems[path])}
        {...extra}
        type="text"
        value={draft[path]}
        onInput={(event) => set({ [path]: event.currentTarget.value })}
      />
    </RuleField>
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
      {text('title', 'Title', { ref: titleInput, maxLength: 200, placeholder: 'Ale at 20 °C' })}
      {text('serviceId', 'Controller', { list: 'profile-controllers' })}
      <datalist id="profile-controllers">
        {serviceIds.map((serviceId) => (
          <option key={serviceId} value={serviceId} />
        ))}
      </datalist>
      {text('blockId', 'Setpoint block (its stored setting follows the plan)', { placeholder: 'Beer setpoint' })}
      <ProfileSteps
        steps={draft.steps}
        unitText={unitLabel(userUnit)}
        problems={problems}
        onChange={(steps: StepDraft[]) => set({ steps })}
      />
      <ProfilePlanGraph profile={shown} userUnit={userUnit} />
      <CheckedFormEnd what="profile" problems={problems['']} saving={saving} onClose={onClose} />
    </form>
  );
}
