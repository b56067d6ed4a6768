import { Quantity, TriggerType } from './automation.types';
import { DocumentCheck, Fields, pathOf } from './document-check';
import { differenceIn, fieldUnit, quantityIn } from './field-units';
import { cronProblem } from './triggers/cron-schedule';

const COMPARISONS = ['above', 'below'] as const;

/** The properties of each kind of trigger. */
const TRIGGER_PROPERTIES: Readonly<Record<TriggerType, readonly string[]>> = {
  threshold: ['type', 'field', 'when', 'threshold', 'hysteresis', 'forS'],
  stale: ['type', 'field', 'forS'],
  offline: ['type', 'serviceId', 'forS'],
  block: ['type', 'serviceId', 'blockId', 'path', 'equals', 'when', 'threshold', 'hysteresis', 'forS'],
  schedule: ['type', 'cron', 'timeZone'],
};

const CRON_FIELDS = 5;

/** Records the problems of a rule's trigger at `path`. */
export function checkTrigger(check: DocumentCheck, value: unknown, path: string): void {
  const trigger = check.kind(
    value,
    path,
    TRIGGER_PROPERTIES,
    'must be a trigger: an object with a type and its settings',
  );
  if (trigger === undefined) return;
  const { fields } = trigger;
  switch (trigger.type) {
    case 'threshold': {
      const field = historyField(check, fields['field'], pathOf(path, 'field'));
      check.oneOf(fields['when'], pathOf(path, 'when'), COMPARISONS);
      checkThreshold(check, fields, path, field);
      checkHysteresis(check, fields, path, field);
      check.seconds(fields['forS'], pathOf(path, 'forS'), 0, true);
      return;
    }
    case 'stale':
      historyField(check, fields['field'], pathOf(path, 'field'));
      check.seconds(fields['forS'], pathOf(path, 'forS'), 1, false);
      return;
    case 'offline': {
      const serviceId = check.serviceId(fields['serviceId'], pathOf(path, 'serviceId'));
      if (serviceId !== undefined) check.liveController(pathOf(path, 'serviceId'), serviceId);
      check.seconds(fields['forS'], pathOf(path, 'forS'), 0, true);
      return;
    }
    case 'block':
      return checkBlockTrigger(check, fields, path);
    case 'schedule':
      return checkSchedule(check, fields, path);
  }
}

/** Records the problems of a condition at `path`: a history field past a threshold. */
export function checkCondition(check: DocumentCheck, value: unknown, path: string): void {
  const shape = 'must be a condition: an object with field, when and threshold';
  const fields = check.object(value, path, ['field', 'when', 'threshold'], shape);
  if (fields === undefined) return;
  const field = historyField(check, fields['field'], pathOf(path, 'field'));
  check.oneOf(fields['when'], pathOf(path, 'when'), COMPARISONS);
  checkThreshold(check, fields, path, field);
}

/** The name of a history field that the live view knows. */
function historyField(check: DocumentCheck, value: unknown, path: string): string | undefined {
  const field = check.text(value, path, "must be a history field's name, such as fermenter/Beer/value[degC]");
  if (field === undefined || check.context === undefined || check.context.knownField(field)) return field;
  check.add(path, `no history field ${field} (is the controller publishing it?)`);
  return undefined;
}

/** A comparison's `threshold`, in a unit that fits `field` when it is known: a block's field has a unit that only its data tells. */
function checkThreshold(check: DocumentCheck, fields: Fields, path: string, field: string | undefined): void {
  const thresholdPath = pathOf(path, 'threshold');
  const threshold = check.quantity(fields['threshold'], thresholdPath);
  if (threshold !== undefined && field !== undefined) checkFit(check, threshold, thresholdPath, field, quantityIn);
}

/** A trigger's optional `hysteresis`: a difference, not negative, that fits `field` when it is known. */
function checkHysteresis(check: DocumentCheck, fields: Fields, path: string, field: string | undefined): void {
  if (fields['hysteresis'] === undefined) return;
  const hysteresisPath = pathOf(path, 'hysteresis');
  const hysteresis = check.quantity(fields['hysteresis'], hysteresisPath);
  if (hysteresis === undefined) return;
  if (hysteresis.value < 0) check.add(pathOf(hysteresisPath, 'value'), 'must not be negative');
  else if (field !== undefined) checkFit(check, hysteresis, hysteresisPath, field, differenceIn);
}

function checkFit(
  check: DocumentCheck,
  quantity: Quantity,
  path: string,
  field: string,
  convert: (quantity: Quantity, unit: string | undefined) => number | undefined,
): void {
  const unit = fieldUnit(field);
  if (convert(quantity, unit) !== undefined) return;
  const fieldIs = unit === undefined ? 'has no unit' : `is in ${unit}`;
  check.add(path, `${quantity.value} ${quantity.unit} does not fit the field ${field}, which ${fieldIs}`);
}

function checkBlockTrigger(check: DocumentCheck, fields: Fields, path: string): void {
  const serviceId = check.serviceId(fields['serviceId'], pathOf(path, 'serviceId'));
  const blockId = check.blockId(fields['blockId'], pathOf(path, 'blockId'));
  if (serviceId !== undefined && blockId !== undefined) check.liveBlockType(path, serviceId, blockId);
  const blockPath = fields['path'];
  if (typeof blockPath !== 'string' || blockPath.split('.').some((part) => part.trim() === '')) {
    check.add(pathOf(path, 'path'), "must be the path of a field in the block's data, such as value or setting.value");
  }
  const equals = fields['equals'];
  const compares = ['when', 'threshold', 'hysteresis'].some((key) => fields[key] !== undefined);
  if (equals !== undefined && compares) {
    check.add(path, 'give equals, or when and threshold, not both');
  } else if (equals !== undefined) {
    const fits = typeof equals === 'string' || typeof equals === 'boolean' || Number.isFinite(equals);
    if (!fits) check.add(pathOf(path, 'equals'), 'must be a text, a number, true or false');
  } else if (compares) {
    check.oneOf(fields['when'], pathOf(path, 'when'), COMPARISONS);
    checkThreshold(check, fields, path, undefined);
    checkHysteresis(check, fields, path, undefined);
  } else {
    check.add(path, 'give equals (the value that fires it), or when and threshold (a comparison)');
  }
  check.seconds(fields['forS'], pathOf(path, 'forS'), 0, true);
}

function checkSchedule(check: DocumentCheck, fields: Fields, path: string): void {
  const cron = fields['cron'];
  const timeZone = fields['timeZone'];
  if (timeZone !== undefined && typeof timeZone !== 'string') {
    check.add(pathOf(path, 'timeZone'), 'must be a time zone such as Europe/Amsterdam or UTC');
    return;
  }
  if (typeof cron !== 'string' || cron.trim().split(/\s+/).length !== CRON_FIELDS) {
    const fieldNames = 'minute, hour, day of the month, month and day of the week';
    check.add(
      pathOf(path, 'cron'),
      `must be ${CRON_FIELDS} fields separated by spaces (${fieldNames}), such as 0 8 * * *`,
    );
    return;
  }
  if (timeZone !== undefined && !isTimeZone(timeZone)) {
    check.add(pathOf(path, 'timeZone'), `${timeZone} is not a time zone such as Europe/Amsterdam or UTC`);
    return;
  }
  const problem = cronProblem(cron, timeZone);
  if (problem !== undefined) check.add(pathOf(path, 'cron'), problem);
}

function isTimeZone(value: unknown): boolean {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
