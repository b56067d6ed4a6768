// Run as a child process by notification-crash.int-spec.ts: the store and the delivery as the app
// runs them, and an engine that opens an incident, with a webhook notification, for each of `rules`
// rules in turn, under incident ids of this process's own, as a restarted engine would for triggers
// that still fire. It reports each opening (`{ rule, opened }`), then `{ done: true }`, and keeps
// delivering until it is killed.
import 'reflect-metadata';
import type { Incident } from '@eventcast/automation-model';
import { incidentFacts } from '../src/app/notifications/outbox-entries.util';
import { AutomationStoreChoice } from '../src/infra/automation-store.module';
import { startNotificationApp } from './notification-app';

const [choiceJson, receiverUrl, brokerUrl, rules] = process.argv.slice(2);

async function fireEveryRule() {
  const { store } = await startNotificationApp(JSON.parse(choiceJson) as AutomationStoreChoice, brokerUrl);
  for (let rule = 1; rule <= Number(rules); rule++) {
    const incident: Incident = {
      id: `incident-${rule}-${process.pid}`,
      ruleId: `rule-${rule}`,
      ruleTitle: `Rule ${rule}`,
      openedAt: new Date().toISOString(),
      subject: `fermenter/Beer sensor/value[degC]`,
      value: rule,
      message: 'Beer above 22 °C',
    };
    const action = { type: 'webhook' as const, url: `${receiverUrl}/brewery`, template: 'ntfy' as const };
    const opened = await store.openIncident(incident, [{ action, facts: incidentFacts(incident, incident.openedAt) }]);
    process.send?.({ rule, opened });
  }
  process.send?.({ done: true });
}

void fireEveryRule();
