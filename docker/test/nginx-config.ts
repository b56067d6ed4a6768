/** One `location` block of an nginx configuration. */
export interface NginxLocation {
  /** `=` for an exact match, '' for a prefix. */
  modifier: string;
  path: string;
  /** The directives between the braces. */
  body: string;
}

/** The `location` blocks of an nginx configuration (blocks without nested blocks, as ours are). */
export function locations(config: string): NginxLocation[] {
  const withoutComments = config.replace(/#.*$/gm, '');
  return [...withoutComments.matchAll(/location\s+(?:(=|~\*?|\^~)\s+)?(\S+)\s*\{([^{}]*)\}/g)].map((match) => ({
    modifier: match[1] ?? '',
    path: match[2],
    body: match[3],
  }));
}

/** Where a location passes requests: its `proxy_pass` with the variables it `set`s filled in. */
export function proxyTarget(location: NginxLocation): string | undefined {
  const variables = Object.fromEntries(
    [...location.body.matchAll(/\bset\s+\$(\w+)\s+(\S+);/g)].map((m) => [m[1], m[2]]),
  );
  const pass = /\bproxy_pass\s+(\S+);/.exec(location.body)?.[1];
  return pass?.replace(/\$(\w+)/g, (whole, name: string) => variables[name] ?? whole);
}

/** The value of each `proxy_set_header` of a location, by header name. */
export function proxyHeaders(location: NginxLocation): Record<string, string> {
  return Object.fromEntries(
    [...location.body.matchAll(/\bproxy_set_header\s+(\S+)\s+(.+?);/g)].map((m) => [m[1], m[2]]),
  );
}
