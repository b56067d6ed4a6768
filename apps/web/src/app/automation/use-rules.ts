import { RULES_NAMESPACE, type Rule } from '@eventcast/automation-model';
import { useNamespaceList } from '../../common/use-namespace-list';
import { useConnection } from '../services-context';
import { deleteRule, listRules, saveRule, type ListedRule } from './automation-calls';

export interface Rules {
  rules: ListedRule[];
  problem: string;
  /** Saves a rule: [] when saved, else the service's problems (nothing saved). */
  save: (rule: Rule) => Promise<string[]>;
  remove: (rule: Rule) => Promise<void>;
}

/** The automation service's rules, kept current as `useNamespaceList` keeps a list. */
export function useRules(): Rules {
  const { services } = useConnection();
  const { items: rules, problem, reread } = useNamespaceList(RULES_NAMESPACE, listRules, 'rules');

  const save = async (rule: Rule) => {
    const problems = await saveRule(services, rule);
    if (problems.length === 0) reread();
    return problems;
  };
  const remove = async (rule: Rule) => {
    await deleteRule(services, rule.id);
    reread();
  };
  return { rules, problem, save, remove };
}
