import { BlockType, findBlockType } from '@eventcast/block-model';
import { ActionType, WEBHOOK_TEMPLATES } from './automation.types';
import { DocumentCheck, Fields, pathOf } from './document-check';
import { checkPatchData } from './patch-problems';

/** The properties of each kind of action. */
const ACTION_PROPERTIES: Readonly<Record<ActionType, readonly string[]>> = {
  webhook: ['type', 'url', 'template', 'body', 'headers'],
  mqtt: ['type'],
  web: ['type'],
  patch: ['type', 'serviceId', 'blockId', 'blockType', 'data'],
  'quick-action': ['type', 'quickActionId'],
  profile: ['type', 'profileId', 'run'],
};

/** A header's name as HTTP spells it (a `token` of RFC 9110). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const LINE_BREAK = /[\r\n]/;

/** Records the problems of one of a rule's actions at `path`. */
export function checkAction(check: DocumentCheck, value: unknown, path: string): void {
  const action = check.kind(
    value,
    path,
    ACTION_PROPERTIES,
    'must be an action: an object with a type and its settings',
  );
  if (action === undefined) return;
  const { fields } = action;
  switch (action.type) {
    case 'webhook':
      return checkWebhook(check, fields, path);
    case 'mqtt':
    case 'web':
      return;
    case 'patch':
      return checkPatch(check, fields, path);
    case 'quick-action': {
      const id = check.documentId(fields['quickActionId'], pathOf(path, 'quickActionId'));
      if (id !== undefined && check.context !== undefined && !check.context.knownQuickAction(id)) {
        check.add(pathOf(path, 'quickActionId'), `no quick action ${id}`);
      }
      return;
    }
    case 'profile': {
      const id = check.documentId(fields['profileId'], pathOf(path, 'profileId'));
      if (id !== undefined && check.context !== undefined && !check.context.knownProfile(id)) {
        check.add(pathOf(path, 'profileId'), `no profile ${id}`);
      }
      check.oneOf(fields['run'], pathOf(path, 'run'), ['start', 'stop']);
      return;
    }
  }
}

function checkWebhook(check: DocumentCheck, fields: Fields, path: string): void {
  if (!isWebAddress(fields['url'])) check.add(pathOf(path, 'url'), 'must be an http or https address');
  const template = check.oneOf(fields['template'], pathOf(path, 'template'), WEBHOOK_TEMPLATES);
  const body = fields['body'];
  const bodyPath = pathOf(path, 'body');
  if (template === 'custom') check.text(body, bodyPath, 'a custom template needs a body');
  else if (template !== undefined && body !== undefined) {
    check.add(bodyPath, `only a custom template takes a body: ${template} has its own`);
  }
  if (fields['headers'] !== undefined) checkHeaders(check, fields['headers'], pathOf(path, 'headers'));
}

function isWebAddress(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function checkHeaders(check: DocumentCheck, value: unknown, path: string): void {
  const headers = check.record(value, path, 'must be an object of header names and their values');
  if (headers === undefined) return;
  for (const [name, text] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name))
      check.add(path, `${JSON.stringify(name)} is not a header name (letters, digits and !#$%&'*+-.^_\`|~)`);
    else if (typeof text !== 'string' || LINE_BREAK.test(text))
      check.add(pathOf(path, name), 'must be a text on one line');
  }
}

function checkPatch(check: DocumentCheck, fields: Fields, path: string): void {
  const serviceId = check.serviceId(fields['serviceId'], pathOf(path, 'serviceId'));
  const blockId = check.blockId(fields['blockId'], pathOf(path, 'blockId'));
  const blockType = catalogueType(check, fields['blockType'], pathOf(path, 'blockType'));
  const liveType =
    serviceId === undefined || blockId === undefined ? undefined : check.liveBlockType(path, serviceId, blockId);
  if (liveType !== undefined && blockType !== undefined && liveType !== blockType.name) {
    check.add(pathOf(path, 'blockType'), `block ${blockId} is of type ${liveType}, not ${blockType.name}`);
    return;
  }
  const linksOn = liveType === undefined ? undefined : serviceId;
  if (blockType !== undefined) checkPatchData(check, fields['data'], pathOf(path, 'data'), blockType, linksOn);
}

function catalogueType(check: DocumentCheck, value: unknown, path: string): BlockType | undefined {
  const name = check.text(value, path, 'must be a block type, such as SetpointSensorPair');
  const type = name === undefined ? undefined : findBlockType(name);
  if (name !== undefined && type === undefined) {
    check.add(path, `${name} is not a block type of the catalogue, such as SetpointSensorPair`);
  }
  return type;
}
