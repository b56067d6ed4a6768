/** `__objtype` of a quantity inside block data. */
export const QUANTITY_OBJTYPE = 'Quantity';
/** `__objtype` of a link inside block data. */
export const LINK_OBJTYPE = 'Link';

/** A value with a unit, e.g. `{"__objtype": "Quantity", "unit": "degC", "value": 20.5}`. */
export interface Quantity {
  __objtype: typeof QUANTITY_OBJTYPE;
  unit: string;
  /** null when invalid or unknown. */
  value: number | null;
}

/** A reference to another block that implements `type`; `id` is null when not set. */
export interface Link {
  __objtype: typeof LINK_OBJTYPE;
  type: string;
  id: string | null;
}

function hasObjtype(value: unknown, objtype: string): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>).__objtype === objtype;
}

/** Whether `value` is a Quantity: `__objtype` `Quantity`, a string `unit`, a number or null `value`. */
export function isQuantity(value: unknown): value is Quantity {
  return (
    hasObjtype(value, QUANTITY_OBJTYPE) &&
    typeof value.unit === 'string' &&
    (value.value === null || typeof value.value === 'number')
  );
}

/** Whether `value` is a Link: `__objtype` `Link`, a string `type`, a string or null `id`. */
export function isLink(value: unknown): value is Link {
  return (
    hasObjtype(value, LINK_OBJTYPE) &&
    typeof value.type === 'string' &&
    (value.id === null || typeof value.id === 'string')
  );
}

/** The Quantity of `value` in `unit`. */
export function quantity(unit: string, value: number | null): Quantity {
  return { __objtype: QUANTITY_OBJTYPE, unit, value };
}

/** A Link to the block `id` (null: not set) that implements `type`. */
export function link(type: string, id: string | null): Link {
  return { __objtype: LINK_OBJTYPE, type, id };
}
