import { checkAction } from './action-problems';
import { AutomationContext } from './automation-context';
import { Rule, RULES_NAMESPACE } from './automation.types';
import { DocumentCheck } from './document-check';
import { checkCondition, checkTrigger } from './trigger-problems';

const RULE_PROPERTIES = ['namespace', 'id', 'title', 'enabled', 'trigger', 'conditions', 'actions', 'remindEveryS'];

/**
 * Every problem of a rule document, one message each, in a brewer's words with the path
 * (`trigger.threshold.value: must be a number`): [] when it can be saved. Fields, controllers,
 * blocks, profiles and quick actions must be known to `context`.
 */
export function ruleProblems(document: unknown, context: AutomationContext): string[] {
  return checkRule(new DocumentCheck(context), document);
}

/**
 * The same checks without the live view, for documents read from the datastore: [] when the
 * document is a rule that can run (its shape, and its units, schedule and block types fit).
 */
export function ruleShapeProblems(document: unknown): string[] {
  return checkRule(new DocumentCheck(), document);
}

/** Whether `document` is a rule that can run (`ruleShapeProblems` finds nothing). */
export function isRule(document: unknown): document is Rule {
  return ruleShapeProblems(document).length === 0;
}

function checkRule(check: DocumentCheck, document: unknown): string[] {
  const rule = check.object(
    document,
    '',
    RULE_PROPERTIES,
    'a rule must be an object with namespace, id, title, enabled, trigger and actions',
  );
  if (rule === undefined) return check.problems;
  check.exactly(rule['namespace'], 'namespace', RULES_NAMESPACE);
  check.documentId(rule['id'], 'id');
  check.title(rule['title'], 'title');
  check.flag(rule['enabled'], 'enabled');
  checkTrigger(check, rule['trigger'], 'trigger');
  if (rule['conditions'] !== undefined) {
    const conditions = check.list(rule['conditions'], 'conditions', 0, 'must be a list of conditions');
    conditions?.forEach((condition, index) => checkCondition(check, condition, `conditions[${index}]`));
  }
  const actions = check.list(
    rule['actions'],
    'actions',
    1,
    'must be a list of at least one action, such as {"type": "web"}',
  );
  actions?.forEach((action, index) => checkAction(check, action, `actions[${index}]`));
  check.seconds(rule['remindEveryS'], 'remindEveryS', 1, true);
  return check.problems;
}
