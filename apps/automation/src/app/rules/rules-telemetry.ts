import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ServiceMetrics, ServiceReadiness } from '@eventcast/bootstrap';
import { AutomationDocuments } from '../documents/automation-documents.service';
import { RuleEngine } from './rule-engine.service';

const PREFIX = 'eventcast_automation_';
const BROKER_CHECK_MS = 1000;

/**
 * The rules' metrics, read when Prometheus scrapes; readiness waits for the first read of the
 * rules; and, each time the broker connection comes
 * back, a fresh read of the rules and profiles, since the datastore's change events of the outage
 * were not delivered to this service.
 */
@Injectable()
export class RulesTelemetry implements OnModuleInit, OnModuleDestroy {
  private brokerTimer?: NodeJS.Timeout;
  private rulesRead = false;

  constructor(
    private readonly metrics: ServiceMetrics,
    private readonly readiness: ServiceReadiness,
    private readonly engine: RuleEngine,
    private readonly documents: AutomationDocuments,
  ) {}

  onModuleInit(): void {
    const { counts } = this.engine;
    this.metrics.gauge({
      name: `${PREFIX}rules_watched`,
      help: 'Enabled rules the service watches.',
      read: () => this.engine.watchedRules,
    });
    this.metrics.counter({
      name: `${PREFIX}observations_total`,
      help: 'History values and controller states handed to the rules.',
      read: () => counts.observations,
    });
    this.metrics.counter({
      name: `${PREFIX}incidents_opened_total`,
      help: 'Incidents the rules opened.',
      read: () => counts.fired,
    });
    this.metrics.counter({
      name: `${PREFIX}incidents_closed_total`,
      help: 'Incidents closed when their trigger cleared.',
      read: () => counts.cleared,
    });
    this.metrics.counter({
      name: `${PREFIX}rule_failures_total`,
      help: 'Trigger changes the service could not handle (each logged): the store was away, an action failed.',
      read: () => counts.failures,
    });
    this.metrics.counter({
      name: `${PREFIX}refused_events_total`,
      help: 'History events on the bus that were not history events (each logged, throttled).',
      read: () => counts.refused,
    });
    void this.documents.ready().then(() => (this.rulesRead = true));
    this.readiness.register('datastore', async () => {
      if (!this.rulesRead) throw new Error('the rules and profiles are not read yet: the datastore has not answered');
    });
    let wasConnected = this.metrics.brokerConnected;
    this.brokerTimer = setInterval(() => {
      const connected = this.metrics.brokerConnected;
      if (connected && !wasConnected) void this.documents.resync();
      wasConnected = connected;
    }, BROKER_CHECK_MS);
    this.brokerTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.brokerTimer);
  }
}
