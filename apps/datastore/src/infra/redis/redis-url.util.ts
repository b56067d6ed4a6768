/** `url` with its password, if any, replaced by `***`, for messages and logs. */
export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (!parsed.password) return url;
  parsed.password = '***';
  return parsed.toString();
}
