/** 50 blocks with 5 to 10 logged values each, as a controller publishes them, plus the event's number. */
export function controllerEvent(key: string, seq: number): { key: string; data: Record<string, unknown> } {
  const data: Record<string, unknown> = { seq };
  for (let block = 0; block < 50; block++) {
    const fields: Record<string, unknown> = {
      'value[degC]': 20 + block / 10 + (seq % 100) / 100,
      'setting[degC]': 21,
      enabled: block % 2 === 0,
      state: (block + seq) % 3,
      'error[delta_degC]': -0.25,
    };
    for (let extra = 0; extra < block % 6; extra++)
      fields[`extra${extra}`] = extra % 2 ? String(extra + seq) : extra * 1.5;
    data[`Block ${block}`] = fields;
  }
  return { key, data };
}

/** The field names a `controllerEvent` of `key` is stored under, its event number first. */
export function fieldsOf(key: string): string[] {
  const event = controllerEvent(key, 0).data as Record<string, Record<string, unknown>>;
  return [
    `${key}/seq`,
    ...Object.entries(event).flatMap(([block, fields]) =>
      typeof fields === 'object' ? Object.keys(fields).map((field) => `${key}/${block}/${field}`) : [],
    ),
  ];
}
