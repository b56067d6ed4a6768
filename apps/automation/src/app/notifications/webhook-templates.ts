import type { WebhookAction, WebhookTemplate } from '@eventcast/automation-model';
import type { NotificationEvent, NotificationFacts } from '../ports/automation-store.port';

/** A webhook's request as it leaves: its headers and body (the method is POST). */
export interface WebhookRequest {
  headers: Record<string, string>;
  body: string;
}

/** The placeholders of a custom body; `{{state}}` is the event: `opened`, `reminder` or `closed`. */
export const WEBHOOK_PLACEHOLDERS = [
  'rule',
  'message',
  'value',
  'subject',
  'state',
  'time',
  'incident',
  'key',
] as const;

const JSON_TYPE = 'application/json';
const TEXT_TYPE = 'text/plain; charset=utf-8';
/** Discord refuses a message longer than this. */
const DISCORD_CONTENT_MAX = 2000;
const PLACEHOLDER = /\{\{\s*([a-z]+)\s*\}\}/g;

/** What each event looks like in a title, ntfy's tags (emoji short codes) and priorities (ntfy 1-5, Gotify 0-10). */
const EVENT_LOOKS: Record<NotificationEvent, { suffix: string; ntfyTag: string; ntfy: number; gotify: number }> = {
  opened: { suffix: '', ntfyTag: 'warning', ntfy: 4, gotify: 8 },
  reminder: { suffix: ' (still open)', ntfyTag: 'bell', ntfy: 4, gotify: 8 },
  closed: { suffix: ' (cleared)', ntfyTag: 'white_check_mark', ntfy: 3, gotify: 4 },
};

type Rendered = Pick<WebhookRequest, 'body'> & { contentType: string; headers?: Record<string, string> };

const TEMPLATES: Record<
  Exclude<WebhookTemplate, 'custom'>,
  (facts: NotificationFacts, event: NotificationEvent) => Rendered
> = {
  ntfy: (facts, event) => ({
    body: summary(facts),
    contentType: TEXT_TYPE,
    headers: {
      Title: headerText(title(facts, event)),
      Tags: EVENT_LOOKS[event].ntfyTag,
      Priority: String(EVENT_LOOKS[event].ntfy),
    },
  }),
  gotify: (facts, event) => ({
    body: JSON.stringify({ title: title(facts, event), message: summary(facts), priority: EVENT_LOOKS[event].gotify }),
    contentType: JSON_TYPE,
  }),
  discord: (facts, event) => ({
    body: JSON.stringify({ content: `**${title(facts, event)}**\n${summary(facts)}`.slice(0, DISCORD_CONTENT_MAX) }),
    contentType: JSON_TYPE,
  }),
  slack: (facts, event) => ({
    body: JSON.stringify({ text: `*${title(facts, event)}*\n${summary(facts)}` }),
    contentType: JSON_TYPE,
  }),
};

/**
 * The request of a webhook notification: the ready template's body and headers (ntfy: a plain text
 * body with Title, Tags and Priority headers; Gotify `{title, message, priority}`; Discord
 * `{content}`; Slack-compatible `{text}`), or the action's own body with its placeholders filled,
 * then the action's headers, then `Idempotency-Key`.
 */
export function renderWebhook(
  action: WebhookAction,
  facts: NotificationFacts,
  key: string,
  event: NotificationEvent,
): WebhookRequest {
  const rendered =
    action.template === 'custom'
      ? renderCustom(action.body ?? '{{message}}', facts, key, event)
      : TEMPLATES[action.template](facts, event);
  return {
    headers: { 'Content-Type': rendered.contentType, ...rendered.headers, ...action.headers, 'Idempotency-Key': key },
    body: rendered.body,
  };
}

function title(facts: NotificationFacts, event: NotificationEvent): string {
  return `${facts.rule}${EVENT_LOOKS[event].suffix}`;
}

/** The message, and the value that fired the rule when there is one. */
function summary(facts: NotificationFacts): string {
  return facts.value === undefined ? facts.message : `${facts.message} (${facts.subject}: ${textOf(facts.value)})`;
}

/**
 * A header value as HTTP carries it: on one line, and as an RFC 2047 encoded word when it is not
 * ASCII (ntfy decodes those; a raw UTF-8 header is refused by fetch past Latin-1).
 */
function headerText(text: string): string {
  const line = text.replace(/[\r\n\t]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${Buffer.from(line, 'utf8').toString('base64')}?=`;
}

function textOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** A custom body with its placeholders filled; in a JSON body, as JSON (escaped inside a string, a JSON value outside one). */
function renderCustom(template: string, facts: NotificationFacts, key: string, event: NotificationEvent): Rendered {
  const values: Record<string, unknown> = {
    rule: facts.rule,
    message: facts.message,
    value: facts.value,
    subject: facts.subject,
    state: event,
    time: facts.time,
    incident: facts.incident,
    key,
  };
  if (!isJsonTemplate(template))
    return {
      body: template.replace(PLACEHOLDER, (written, name: string) => (name in values ? textOf(values[name]) : written)),
      contentType: TEXT_TYPE,
    };
  let body = '';
  let inString = false;
  let from = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const between = template.slice(from, match.index);
    inString = stringStateAfter(between, inString);
    const name = match[1];
    const inserted = !(name in values)
      ? match[0]
      : inString
        ? JSON.stringify(textOf(values[name])).slice(1, -1)
        : JSON.stringify(values[name] ?? null);
    body += between + inserted;
    from = match.index + match[0].length;
  }
  return { body: body + template.slice(from), contentType: JSON_TYPE };
}

/** Whether a custom body is JSON: it parses once each placeholder stands for a value. */
function isJsonTemplate(template: string): boolean {
  try {
    JSON.parse(template.replace(PLACEHOLDER, '0'));
    return true;
  } catch {
    return false;
  }
}

/** Whether JSON text that starts inside a string (or not) ends inside one. */
function stringStateAfter(text: string, inString: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    if (!inString) inString = text[i] === '"';
    else if (text[i] === '\\') i++;
    else if (text[i] === '"') inString = false;
  }
  return inString;
}
