import { isTemperatureUnit } from '@eventcast/block-model';
import { AutomationContext } from './automation-context';
import { Profile, PROFILES_NAMESPACE, ProfileStep } from './automation.types';
import { DocumentCheck, pathOf } from './document-check';
import { isIsoTime } from './iso-time';

const PROFILE_PROPERTIES = ['namespace', 'id', 'title', 'serviceId', 'blockId', 'steps', 'startedAt'];
const STEP_PROPERTIES: Readonly<Record<ProfileStep['type'], readonly string[]>> = {
  hold: ['type', 'setting', 'durationS'],
  ramp: ['type', 'setting', 'durationS'],
};
/** The block type whose `storedSetting` a profile drives. */
export const PROFILE_BLOCK_TYPE = 'SetpointSensorPair';

/**
 * Every problem of a profile document, one message each with the path
 * (`steps[0].type: ...`): [] when it can be saved. Its controller and block must be known to `context`.
 */
export function profileProblems(document: unknown, context: AutomationContext): string[] {
  return checkProfile(new DocumentCheck(context), document);
}

/** The same checks without the live view, for documents read from the datastore: [] when the document is a profile. */
export function profileShapeProblems(document: unknown): string[] {
  return checkProfile(new DocumentCheck(), document);
}

/** Whether `document` is a profile (`profileShapeProblems` finds nothing). */
export function isProfile(document: unknown): document is Profile {
  return profileShapeProblems(document).length === 0;
}

function checkProfile(check: DocumentCheck, document: unknown): string[] {
  const shape = 'a profile must be an object with namespace, id, title, serviceId, blockId and steps';
  const profile = check.object(document, '', PROFILE_PROPERTIES, shape);
  if (profile === undefined) return check.problems;
  check.exactly(profile['namespace'], 'namespace', PROFILES_NAMESPACE);
  check.documentId(profile['id'], 'id');
  check.title(profile['title'], 'title');
  const serviceId = check.serviceId(profile['serviceId'], 'serviceId');
  const blockId = check.blockId(profile['blockId'], 'blockId');
  const type =
    serviceId === undefined || blockId === undefined ? undefined : check.liveBlockType('', serviceId, blockId);
  if (type !== undefined && type !== PROFILE_BLOCK_TYPE) {
    check.add('blockId', `block ${blockId} is of type ${type}, not ${PROFILE_BLOCK_TYPE}: a profile drives a setpoint`);
  }
  const steps = check.list(profile['steps'], 'steps', 1, 'must be a list of at least one step, the first a hold');
  steps?.forEach((step, index) => checkStep(check, step, `steps[${index}]`, index === 0));
  const startedAt = profile['startedAt'];
  if (startedAt !== undefined && !isIsoTime(startedAt)) {
    check.add('startedAt', 'must be an ISO time such as 2024-05-01T08:00:00Z, or absent while the profile is stopped');
  }
  return check.problems;
}

function checkStep(check: DocumentCheck, value: unknown, path: string, first: boolean): void {
  const step = check.kind(value, path, STEP_PROPERTIES, 'must be a step: an object with type, setting and durationS');
  if (step === undefined) return;
  if (first && step.type === 'ramp') {
    check.add(pathOf(path, 'type'), 'the first step must be a hold: a ramp needs a setting to start from');
  }
  const setting = check.quantity(step.fields['setting'], pathOf(path, 'setting'));
  if (setting?.unit !== undefined && !isTemperatureUnit(setting.unit)) {
    check.add(
      pathOf(path, 'setting'),
      `${setting.value} ${setting.unit} is no temperature: give degC or degF, or no unit for degC`,
    );
  }
  check.seconds(step.fields['durationS'], pathOf(path, 'durationS'), 1, false);
}
