import {
  BLOCK_ID_RULE,
  DAY_MS,
  DOCUMENT_ID_RULE,
  isValidBlockId,
  isValidDocumentId,
  SECOND_MS,
  SERVICE_ID_PATTERN,
  SERVICE_ID_RULE,
} from '@eventcast/domain';
import { AutomationContext } from './automation-context';
import { Quantity } from './automation.types';

/** A JSON object read from a document, before its properties are checked. */
export type Fields = Record<string, unknown>;

/** The longest duration a document takes: a step, a wait or a reminder longer than a year is a slip of the keyboard. */
export const MAX_DURATION_S = (365 * DAY_MS) / SECOND_MS;

/** The longest title of a rule or profile, in characters. */
export const MAX_TITLE_LENGTH = 200;

/** The path of a property or an item below `parent`: `trigger.field`, `actions[1]`; at the top, the key alone. */
export function pathOf(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `a`, `a or b`, `a, b or c`. */
export function alternatives(options: readonly string[]): string {
  return options.length < 2 ? options.join('') : `${options.slice(0, -1).join(', ')} or ${options[options.length - 1]}`;
}

/**
 * The check of one document as it walks it: the problems found so far, each `<path>: <message>`,
 * and the live view that names are checked against (none in a check of the shape alone). Each
 * method returns the value when it is right, or records one problem and returns undefined.
 */
export class DocumentCheck {
  readonly problems: string[] = [];

  constructor(readonly context?: AutomationContext) {}

  add(path: string, message: string): void {
    this.problems.push(path === '' ? message : `${path}: ${message}`);
  }

  /** An object holding no property but the `known` ones; `shape` says what is expected when it is no object. */
  object(value: unknown, path: string, known: readonly string[], shape: string): Fields | undefined {
    if (!isFields(value)) return this.refuse(path, shape);
    for (const key of Object.keys(value)) {
      if (!known.includes(key)) this.problems.push(`unknown property ${pathOf(path, key)}`);
    }
    return value;
  }

  /** An object of any properties, such as a webhook's headers. */
  record(value: unknown, path: string, shape: string): Fields | undefined {
    return isFields(value) ? value : this.refuse(path, shape);
  }

  list(value: unknown, path: string, least: number, shape: string): unknown[] | undefined {
    return Array.isArray(value) && value.length >= least ? value : this.refuse(path, shape);
  }

  number(value: unknown, path: string): number | undefined {
    return typeof value === 'number' && Number.isFinite(value) ? value : this.refuse(path, 'must be a number');
  }

  /** A duration in whole seconds from `least` up to a year; `optional` lets it be absent. */
  seconds(value: unknown, path: string, least: 0 | 1, optional: boolean): number | undefined {
    if (value === undefined && optional) return undefined;
    const fits = Number.isInteger(value) && (value as number) >= least && (value as number) <= MAX_DURATION_S;
    const from = least === 0 ? '0' : '1';
    return fits
      ? (value as number)
      : this.refuse(path, `must be a whole number of seconds, ${from} up to a year (${MAX_DURATION_S})`);
  }

  oneOf<T extends string>(value: unknown, path: string, options: readonly T[]): T | undefined {
    return options.includes(value as T) ? (value as T) : this.refuse(path, `must be ${alternatives(options)}`);
  }

  exactly<T extends string>(value: unknown, path: string, expected: T): T | undefined {
    return value === expected ? expected : this.refuse(path, `must be ${expected}`);
  }

  /** A string with something in it besides spaces; `shape` says what is expected otherwise. */
  text(value: unknown, path: string, shape: string): string | undefined {
    return typeof value === 'string' && value.trim() !== '' ? value : this.refuse(path, shape);
  }

  title(value: unknown, path: string): string | undefined {
    const fits = typeof value === 'string' && value.trim() !== '' && value.length <= MAX_TITLE_LENGTH;
    return fits ? value : this.refuse(path, `must be a name of 1 to ${MAX_TITLE_LENGTH} characters`);
  }

  flag(value: unknown, path: string): boolean | undefined {
    return typeof value === 'boolean' ? value : this.refuse(path, 'must be true or false');
  }

  documentId(value: unknown, path: string): string | undefined {
    return isValidDocumentId(value) ? value : this.refuse(path, DOCUMENT_ID_RULE);
  }

  serviceId(value: unknown, path: string): string | undefined {
    const fits = typeof value === 'string' && SERVICE_ID_PATTERN.test(value);
    return fits ? value : this.refuse(path, `must be a controller's service id: ${SERVICE_ID_RULE}`);
  }

  blockId(value: unknown, path: string): string | undefined {
    return isValidBlockId(value) ? value : this.refuse(path, `must be a block's name: it ${BLOCK_ID_RULE}`);
  }

  /** `{value, unit?}`: a number, in a unit or in the unit of what it is compared with. */
  quantity(value: unknown, path: string): Quantity | undefined {
    const fields = this.object(
      value,
      path,
      ['value', 'unit'],
      'must be a number in a unit, such as {"value": 20, "unit": "degC"}',
    );
    if (fields === undefined) return undefined;
    const number = this.number(fields['value'], pathOf(path, 'value'));
    const unit = fields['unit'];
    if (unit !== undefined && (typeof unit !== 'string' || unit === '')) {
      return this.refuse(pathOf(path, 'unit'), 'must be a unit such as degC, or absent');
    }
    return number === undefined ? undefined : { value: number, unit };
  }

  /**
   * Whether the live view knows controller `serviceId`, with a problem at `path` when it does
   * not. True without a live view.
   */
  liveController(path: string, serviceId: string): boolean {
    if (this.context === undefined || this.context.knownController(serviceId)) return true;
    this.add(path, `no controller ${serviceId} is known (has it ever been online?)`);
    return false;
  }

  /**
   * The type of block `blockId` on controller `serviceId` in the live view, with one problem at
   * `path`'s `serviceId` or `blockId` when there is no such controller or block. Undefined
   * without a live view.
   */
  liveBlockType(path: string, serviceId: string, blockId: string): string | undefined {
    if (this.context === undefined || !this.liveController(pathOf(path, 'serviceId'), serviceId)) return undefined;
    const type = this.context.blockType(serviceId, blockId);
    return type ?? this.refuse(pathOf(path, 'blockId'), `no block ${blockId} on controller ${serviceId}`);
  }

  /**
   * An object of one of several kinds, told by its `type`: the kind and the object, holding no
   * property but those that `kinds` lists for it. `shape` says what is expected when it is no object.
   */
  kind<T extends string>(
    value: unknown,
    path: string,
    kinds: Readonly<Record<T, readonly string[]>>,
    shape: string,
  ): { type: T; fields: Fields } | undefined {
    if (!isFields(value)) return this.refuse(path, shape);
    const names = Object.keys(kinds) as T[];
    const type = this.oneOf(value['type'], pathOf(path, 'type'), names);
    if (type === undefined) return undefined;
    this.object(value, path, kinds[type], shape);
    return { type, fields: value };
  }

  private refuse(path: string, message: string): undefined {
    this.add(path, message);
    return undefined;
  }
}
