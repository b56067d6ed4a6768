import { useState } from 'preact/hooks';
import type { ListedProfile, Profile } from '@eventcast/automation-model';
import type { TemperatureUnit } from '@eventcast/block-model';
import { ConfirmDelete } from '../../ui/confirm-delete';
import { ProfilePlanGraph } from './profile-plan-graph';
import { planWords, standingWords } from './profile-words';

/** A profile as a brewer reads it: the block it drives, where it stands, its plan; Start or Stop, Edit and Delete. */
export function ProfileCard({
  profile,
  userUnit,
  onRun,
  onEdit,
  onDelete,
}: {
  profile: ListedProfile;
  userUnit: TemperatureUnit;
  onRun: (profile: Profile, run: 'start' | 'stop') => Promise<void>;
  onEdit: () => void;
  onDelete: () => Promise<void>;
}) {
  const [problem, setProblem] = useState('');
  const heading = `profile-${profile.id}-title`;
  const title = profile.title || profile.id;
  const runs = profile.problems === undefined;
  const run = (how: 'start' | 'stop') =>
    void onRun(profile, how).then(
      () => setProblem(''),
      (error: Error) => setProblem(`Could not ${how} ${title}: ${error.message}`),
    );
  return (
    <li class={`panel rule${profile.running ? '' : ' disabled'}`} aria-labelledby={heading}>
      <h2 id={heading}>{title}</h2>
      {runs ? (
        <>
          <p>
            <strong>{standingWords(profile, userUnit)}</strong> · drives {profile.blockId} on {profile.serviceId}
          </p>
          <p>{planWords(profile, userUnit)}</p>
          <ProfilePlanGraph profile={profile} userUnit={userUnit} />
        </>
      ) : (
        <div class="problem">
          <p>This document cannot run as a profile:</p>
          <ul>
            {profile.problems?.map((found) => (
              <li key={found}>{found}</li>
            ))}
          </ul>
        </div>
      )}
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      <div class="form-actions">
        {runs &&
          (profile.running ? (
            <button type="button" aria-label={`Stop ${title}`} onClick={() => run('stop')}>
              Stop
            </button>
          ) : (
            <button type="button" aria-label={`Start ${title} now`} onClick={() => run('start')}>
              Start now
            </button>
          ))}
        {runs && (
          <button type="button" aria-label={`Edit ${title}`} onClick={onEdit}>
            Edit
          </button>
        )}
        <ConfirmDelete
          name={title}
          question={`Delete ${title}? A running profile stops; its block keeps its last setting.`}
          onDelete={onDelete}
        />
      </div>
    </li>
  );
}
