import { useEffect, useState } from 'preact/hooks';
import { followDocuments } from '@eventcast/live-stream';
import { RULES_NAMESPACE, type Rule } from '@eventcast/automation-model';
import { eventTouchesNamespace } from '../../common/document-list';
import { useConnection } from '../services-context';
import { deleteRule, listRules, saveRule, type ListedRule } from './automation-calls';

export interface Rules {
  rules: ListedRule[];
  problem: string;
  /** Saves a rule: [] when saved, else the service's problems (nothing saved). */
  save: (rule: Rule) => Promise<string[]>;
  remove: (rule: Rule) => Promise<void>;
}

/**
 * The automation service's rules, read again after each save or delete here and at each change of
 * their namespace on the documents feed, so that another browser's changes show without a reload.
 */
export function useRules(): Rules {
  const { services, stream } = useConnection();
  const [rules, setRules] = useState<ListedRule[]>([]);
  const [problem, setProblem] = useState('');
  const [generation, setGeneration] = useState(0);
  const reread = () => setGeneration((n) => n + 1);

  useEffect(() => {
    let current = true;
    listRules(services)
      .then((values) => {
        if (!current) return;
        setRules(values);
        setProblem('');
      })
      .catch((error: Error) => current && setProblem(`Could not list the rules: ${error.message}`));
    return () => {
      current = false;
    };
  }, [services, generation]);

  useEffect(
    () =>
      followDocuments(stream, {
        onOpenChange: (open) => open && reread(),
        onEvent: (event) => eventTouchesNamespace(event, RULES_NAMESPACE) && reread(),
      }),
    [stream],
  );

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
