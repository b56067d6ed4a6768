import { PROFILES_NAMESPACE, type ListedProfile, type Profile } from '@eventcast/automation-model';
import { useNamespaceList } from '../../common/use-namespace-list';
import { useConnection } from '../services-context';
import { deleteProfile, listProfiles, runProfile, saveProfile } from './automation-calls';

export interface Profiles {
  profiles: ListedProfile[];
  problem: string;
  /** Saves a profile: [] when saved, else the service's problems (nothing saved). */
  save: (profile: Profile) => Promise<string[]>;
  remove: (profile: Profile) => Promise<void>;
  run: (profile: Profile, run: 'start' | 'stop') => Promise<void>;
}

/** The automation service's fermentation profiles, kept current as `useNamespaceList` keeps a list. */
export function useProfiles(): Profiles {
  const { services } = useConnection();
  const { items: profiles, problem, reread } = useNamespaceList(PROFILES_NAMESPACE, listProfiles, 'profiles');
  const save = async (profile: Profile) => {
    const problems = await saveProfile(services, profile);
    if (problems.length === 0) reread();
    return problems;
  };
  const remove = async (profile: Profile) => {
    await deleteProfile(services, profile.id);
    reread();
  };
  const run = async (profile: Profile, how: 'start' | 'stop') => {
    await runProfile(services, profile.id, how);
    reread();
  };
  return { profiles, problem, save, remove, run };
}
