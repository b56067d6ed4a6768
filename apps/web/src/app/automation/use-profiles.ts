import { PROFILES_NAMESPACE, type ListedProfile } from '@eventcast/automation-model';
import { useNamespaceList } from '../../common/use-namespace-list';
import { listProfiles } from './automation-calls';

/** The automation service's fermentation profiles, kept current as `useNamespaceList` keeps a list. */
export function useProfiles(): { profiles: ListedProfile[]; problem: string } {
  const { items: profiles, problem } = useNamespaceList(PROFILES_NAMESPACE, listProfiles, 'profiles');
  return { profiles, problem };
}
