import type { WebhookAction, WebhookTemplate } from '@eventcast/automation-model';
import type { NotificationFacts } from '../ports/automation-store.port';
import { renderWebhook } from './webhook-templates';

const facts: NotificationFacts = {
  rule: 'Fridge too warm',
  message: 'Beer above 22 °C for 10 min',
  subject: 'fridge/Beer sensor/value[degC]',
  value: 23.5,
  incident: 'inc-1',
  time: '2026-05-01T06:00:00.000Z',
};
const KEY = 'inc-1:opened:1';
const action = (template: WebhookTemplate, extra: Partial<WebhookAction> = {}): WebhookAction => ({
  type: 'webhook',
  url: 'https://ntfy.sh/brewery',
  template,
  ...extra,
});

describe(renderWebhook.name, () => {
  it('sends ntfy the message as plain text, with the rule as the title, tags and priority by event', () => {
    expect(renderWebhook(action('ntfy'), facts, KEY, 'opened')).toEqual({
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        Title: 'Fridge too warm',
        Tags: 'warning',
        Priority: '4',
        'Idempotency-Key': KEY,
      },
      body: 'Beer above 22 °C for 10 min (fridge/Beer sensor/value[degC]: 23.5)',
    });
    const closed = renderWebhook(action('ntfy'), facts, 'inc-1:closed:2', 'closed');
    expect(closed.headers).toMatchObject({
      Title: 'Fridge too warm (cleared)',
      Tags: 'white_check_mark',
      Priority: '3',
    });
  });

  it('encodes a title that is not ASCII as ntfy decodes it, on one line', () => {
    const { headers } = renderWebhook(action('ntfy'), { ...facts, rule: 'Gärkeller 🍺\nNord' }, KEY, 'reminder');
    expect(headers.Title).toBe(`=?UTF-8?B?${Buffer.from('Gärkeller 🍺 Nord (still open)').toString('base64')}?=`);
    expect(() => new Headers(headers)).not.toThrow();
  });

  it('leaves the value out of a notification whose trigger has none', () => {
    const { value: _value, ...offline } = facts;
    expect(renderWebhook(action('ntfy'), { ...offline, message: 'controller-1 offline' }, KEY, 'opened').body).toBe(
      'controller-1 offline',
    );
  });

  it('sends Gotify a JSON title, message and priority', () => {
    const { headers, body } = renderWebhook(action('gotify'), facts, KEY, 'opened');
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(body)).toEqual({
      title: 'Fridge too warm',
      message: 'Beer above 22 °C for 10 min (fridge/Beer sensor/value[degC]: 23.5)',
      priority: 8,
    });
  });

  it('sends Discord its content, cut to the 2000 characters Discord takes', () => {
    expect(JSON.parse(renderWebhook(action('discord'), facts, KEY, 'closed').body)).toEqual({
      content: '**Fridge too warm (cleared)**\nBeer above 22 °C for 10 min (fridge/Beer sensor/value[degC]: 23.5)',
    });
    const long = renderWebhook(action('discord'), { ...facts, message: 'x'.repeat(5000) }, KEY, 'opened');
    expect((JSON.parse(long.body) as { content: string }).content).toHaveLength(2000);
  });

  it('sends a Slack-compatible receiver its text', () => {
    expect(JSON.parse(renderWebhook(action('slack'), facts, KEY, 'opened').body)).toEqual({
      text: '*Fridge too warm*\nBeer above 22 °C for 10 min (fridge/Beer sensor/value[degC]: 23.5)',
    });
  });

  it('fills a custom text body with every placeholder', () => {
    const body = '{{rule}}|{{message}}|{{value}}|{{subject}}|{{state}}|{{time}}|{{incident}}|{{key}}|{{other}}';
    expect(renderWebhook(action('custom', { body }), facts, KEY, 'reminder')).toEqual({
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Idempotency-Key': KEY },
      body: `Fridge too warm|Beer above 22 °C for 10 min|23.5|fridge/Beer sensor/value[degC]|reminder|2026-05-01T06:00:00.000Z|inc-1|${KEY}|{{other}}`,
    });
  });

  it('escapes values inside the strings of a JSON body, and inserts JSON values outside them', () => {
    const body =
      '{"text": "{{rule}} says \\"{{message}}\\"", "value": {{value}}, "rule": {{rule}}, "at": "{{ time }}"}';
    const hostile = { ...facts, rule: 'a "quoted" \\ rule', message: 'line\nbreak' };
    const rendered = renderWebhook(action('custom', { body }), hostile, KEY, 'opened');
    expect(rendered.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(rendered.body)).toEqual({
      text: 'a "quoted" \\ rule says "line\nbreak"',
      value: 23.5,
      rule: 'a "quoted" \\ rule',
      at: '2026-05-01T06:00:00.000Z',
    });
  });

  it('inserts a missing value as null in JSON and as nothing in text', () => {
    const { value: _value, ...stale } = facts;
    const json = renderWebhook(action('custom', { body: '{"v": {{value}}, "s": "{{value}}"}' }), stale, KEY, 'opened');
    expect(JSON.parse(json.body)).toEqual({ v: null, s: '' });
    expect(renderWebhook(action('custom', { body: 'v={{value}}' }), stale, KEY, 'opened').body).toBe('v=');
  });

  it("puts the action's headers over the template's, and always the idempotency key", () => {
    const headers = { Authorization: 'Bearer tk_1', Priority: '5', 'Idempotency-Key': 'mine' };
    expect(renderWebhook(action('ntfy', { headers }), facts, KEY, 'opened').headers).toMatchObject({
      Authorization: 'Bearer tk_1',
      Priority: '5',
      'Idempotency-Key': KEY,
    });
  });
});
