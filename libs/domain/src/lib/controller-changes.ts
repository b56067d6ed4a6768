import { BadRequestError } from './domain-errors';

/** `type` of the change events on `eventcast/state/<service id>/changes`. */
export const CONTROLLER_CHANGE_EVENT_TYPE = 'Controller.change';

/** What happened on a controller, as its change event names it. */
export type ChangeKind =
  'created' | 'written' | 'patched' | 'deleted' | 'discovered' | 'backup loaded' | 'started' | 'stopped';

/** One setting of a block from what to what, as the user reads it (temperatures in the user's unit); null where there was none. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** What one operation did to one block: its settings that changed, all of them for a block created. */
export interface BlockChange {
  id: string;
  type: string;
  change: 'created' | 'changed' | 'deleted';
  fields: FieldChange[];
}

/** Where a change came from: the REST API, an MQTT command or the controller itself, and who, when the caller said so. */
export interface ChangeOrigin {
  via: 'rest' | 'mqtt' | 'controller';
  by?: string;
}

/** The payload of a change event: one per operation that changed something, and one at start and at stop. */
export interface ControllerChangeEvent {
  key: string;
  type: typeof CONTROLLER_CHANGE_EVENT_TYPE;
  data: { time: string; kind: ChangeKind; blocks: BlockChange[]; origin: ChangeOrigin };
}

/** The REST header that names who makes a change, e.g. `quick action Cold crash`; MQTT commands carry it as their `origin` field. */
export const ORIGIN_HEADER = 'eventcast-origin';

/** The longest `by` a change may name. */
export const ORIGIN_MAX_LENGTH = 120;

/** The origin of a change made through `via` on behalf of `by` (a header's or a message field's value); throws a `BadRequestError` when `by` is not a short text. */
export function changeOrigin(via: ChangeOrigin['via'], by: unknown): ChangeOrigin {
  if (by === undefined || by === '') return { via };
  if (typeof by !== 'string' || by.length > ORIGIN_MAX_LENGTH || /[\p{Cc}]/u.test(by))
    throw new BadRequestError([
      `${via === 'rest' ? 'Eventcast-Origin (a header)' : 'origin'}: a text of at most ${ORIGIN_MAX_LENGTH} characters without line breaks, naming who makes the change`,
    ]);
  return { via, by };
}
