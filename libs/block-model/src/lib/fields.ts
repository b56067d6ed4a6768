import { BlockInterface } from './interfaces';

/**
 * How a field is treated. `readonly`: computed by the controller, ignored in writes. `stored`:
 * persisted, restored at start-up and held by backups. `logged`: published to history. A field
 * that is neither readonly nor stored is a volatile setting or a trigger. Fields nested in an array
 * or object take `stored` and `logged` from their container and may only declare `readonly`.
 */
export interface FieldFlags {
  readonly?: boolean;
  stored?: boolean;
  logged?: boolean;
}

export interface NumberField extends FieldFlags {
  kind: 'number';
  min?: number;
  max?: number;
  integer?: boolean;
  /** Taken when a write omits the field; 0 unless declared. */
  default?: number;
}

export interface BoolField extends FieldFlags {
  kind: 'bool';
  default?: boolean;
}

/** Written and read as one of the names, logged as the name's index. */
export interface EnumField extends FieldFlags {
  kind: 'enum';
  values: readonly [string, ...string[]];
  /** The first name unless declared. */
  default?: string;
}

export interface StringField extends FieldFlags {
  kind: 'string';
  pattern?: { regex: RegExp; rule: string };
  default?: string;
}

/** `{__objtype: 'Quantity', unit, value}`, kept by the device in `unit`. */
export interface QuantityField extends FieldFlags {
  kind: 'quantity';
  /** The device's unit, e.g. `degC`, `delta_degC`, `second`, `1 / degC`. */
  unit: string;
  /** The smallest value accepted, in `unit` (durations cannot be negative). */
  min?: number;
  /** The value in `unit` taken when a write omits the field: 0 unless declared. */
  default?: number | null;
}

/** `{__objtype: 'Link', type: <interface>, id}`: the target must implement the interface. */
export interface LinkField extends FieldFlags {
  kind: 'link';
  interface: BlockInterface;
}

/** A list of objects of one shape; a write replaces it whole. */
export interface ArrayField extends FieldFlags {
  kind: 'array';
  items: FieldMap;
  /** Items (completed with the items' defaults) taken when a write omits the field; none unless declared. */
  default?: readonly Record<string, unknown>[];
}

export interface ObjectField extends FieldFlags {
  kind: 'object';
  fields: FieldMap;
}

export type Field =
  NumberField | BoolField | EnumField | StringField | QuantityField | LinkField | ArrayField | ObjectField;

export type FieldKind = Field['kind'];

export type FieldMap = Readonly<Record<string, Field>>;

type Options<F extends Field> = Omit<F, 'kind'>;

/** Field declarations, as used in a block type: `kp: field.quantity('1 / degC', { stored: true })`. */
export const field = {
  number: (options: Options<NumberField> = {}): NumberField => ({ kind: 'number', ...options }),
  bool: (options: Options<BoolField> = {}): BoolField => ({ kind: 'bool', ...options }),
  enum: (values: EnumField['values'], options: Omit<Options<EnumField>, 'values'> = {}): EnumField => ({
    kind: 'enum',
    values,
    ...options,
  }),
  string: (options: Options<StringField> = {}): StringField => ({ kind: 'string', ...options }),
  quantity: (unit: string, options: Omit<Options<QuantityField>, 'unit'> = {}): QuantityField => ({
    kind: 'quantity',
    unit,
    ...options,
  }),
  link: (iface: BlockInterface, options: FieldFlags = {}): LinkField => ({
    kind: 'link',
    interface: iface,
    ...options,
  }),
  array: (items: FieldMap, options: Omit<Options<ArrayField>, 'items'> = {}): ArrayField => ({
    kind: 'array',
    items,
    ...options,
  }),
  object: (fields: FieldMap, options: FieldFlags = {}): ObjectField => ({ kind: 'object', fields, ...options }),
};
