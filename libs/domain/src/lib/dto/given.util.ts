/**
 * For `ValidateIf`: only an absent optional field means "not given"; `null` is refused, as any
 * other value of the wrong type.
 */
export const given = (_body: object, value: unknown) => value !== undefined;
