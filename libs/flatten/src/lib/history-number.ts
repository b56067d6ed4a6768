/**
 * A plain decimal number: optional sign, digits with an optional fraction (or a fraction alone),
 * optional exponent. Deliberately narrower than `Number()`, which also takes `""`, `"0x10"`,
 * `"0b1"` and `"Infinity"`.
 */
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The number a history value is stored as, or undefined when it is not stored: finite numbers as
 * they are, `true` as 1, `false` as 0, and strings that, trimmed, are a plain decimal number
 * (`"12"`, `"-0.5"`, `"1e3"`, `" 8 "`; also a leading `+` as in `"+3"` and a fraction alone as in
 * `".5"`, but not a trailing dot as in `"5."`). Everything else (`null`, `"true"`, `"1.2.3"`,
 * `"NaN"`, `"Infinity"`, `"0x10"`, `""`, non-finite numbers, `"1e999"`, which overflows, objects)
 * is not a history number.
 */
export function toHistoryNumber(value: unknown): number | undefined {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? value : undefined;
    case 'boolean':
      return value ? 1 : 0;
    case 'string': {
      const text = value.trim();
      if (!PLAIN_DECIMAL.test(text)) return undefined;
      const number = Number(text);
      return Number.isFinite(number) ? number : undefined;
    }
    default:
      return undefined;
  }
}
