import { useMemo } from 'preact/hooks';
import { previewTrigger, type Rule } from '@eventcast/automation-model';
import { previewable, previewWords, scheduleWords } from './rule-preview';
import { useFieldHistory } from './use-field-history';

/**
 * When the rule in the form would have fired over the last 24 h of its field, or when its schedule
 * fires next, as the user types it.
 */
export function RulePreviewLine({ rule }: { rule: Rule }) {
  const field = 'field' in rule.trigger ? rule.trigger.field : '';
  const history = useFieldHistory(field);
  const canPreview = previewable(rule);
  const words = useMemo(() => {
    if (!canPreview || history.loading || history.problem) return '';
    return previewWords(previewTrigger(rule.trigger, history.observations, history.fromMs, history.toMs));
  }, [canPreview, rule.trigger, history]);
  const text = (): string => {
    if (rule.trigger.type === 'schedule') return scheduleWords(rule.trigger);
    if (rule.trigger.type === 'offline')
      return 'No preview for a controller going offline: the history keeps values, not last wills.';
    if (!canPreview)
      return 'Choose a field and give the numbers to see when the rule would have fired over the last 24 h.';
    if (history.loading) return 'Reading the last 24 h of the field…';
    return history.problem ? `Could not read the field's history: ${history.problem}` : words;
  };
  return (
    <p class="rule-preview" aria-live="polite" aria-label="Preview">
      <strong>Preview: </strong>
      {text()}
    </p>
  );
}
