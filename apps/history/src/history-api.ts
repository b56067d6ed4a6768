import { datastoreOpenApiDocument } from '@eventcast/api-client';
import { ApiDescription } from '@eventcast/bootstrap';

/**
 * The API page's own text; it also documents the WebSocket stream, which OpenAPI cannot describe,
 * and lists the datastore's routes, which share the `/history` base.
 */
export const HISTORY_API: ApiDescription = {
  title: 'eventcast history',
  version: '1',
  includes: { datastore: datastoreOpenApiDocument },
  description: `Stores the numeric values of history events published on \`eventcast/history/#\` and answers queries over them.
The datastore's routes (\`/history/datastore/...\`, JSON documents grouped by namespace) are listed here too; the datastore
service answers them and also serves its own page at \`/history/datastore/api/doc\`.

Times are ISO 8601 texts (no offset means UTC) or epoch numbers (seconds; a number above 1e10 is milliseconds).
Durations are \`"10m"\`, \`"1d"\`, \`"2h10m"\` (units ms, s, m, h, d, w) or a number of seconds.
A range is given by at most two of \`start\`, \`end\` and \`duration\`; start alone, duration alone or nothing runs to now.

## WebSocket \`/history/timeseries/stream\`

The client sends JSON commands \`{"id": "<its choice>", "command": "ranges" | "metrics" | "stop", "query": {...}}\`,
where \`query\` is the body of \`POST /ranges\` or \`POST /metrics\`.

- \`ranges\` and \`metrics\` answer \`{"id", "data"}\` with what the HTTP endpoint answers.
- While a query is open-ended (\`metrics\` always, \`ranges\` that run to now), the server sends \`{"id", "data"}\`
  again at most once a second after new values were stored: for \`metrics\` the whole answer, for \`ranges\` the
  buckets from shortly before the end of the previous message on (a bucket with a time the client already has
  replaces it; the bucket width stays the one of the first answer).
- \`stop\` ends the query with that id; a command with the id of a running query replaces it.
- A message that is not a valid command is answered \`{"id"?, "error": "<what is wrong>"}\`; the socket stays open.
- With an API token, the upgrade request carries it in \`Authorization: Bearer <token>\` or, from a browser, in the
  subprotocols it offers: \`eventcast\` and \`eventcast.bearer.<the token in base64url>\`; the server answers with
  \`eventcast\`. Without the right token the upgrade is refused with 401.

Example: \`{"id": "graph-1", "command": "ranges", "query": {"fields": ["controller-1/Sensor 1/value[degC]"], "duration": "1h", "points": 360}}\`.`,
};
