import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHistoryClient, HistoryApiClient } from '@eventcast/api-client';
import { AutomationContext, PROFILES_NAMESPACE } from '@eventcast/automation-model';
import { AutomationConfig } from '../../config/automation.config';
import { AutomationDatastore } from '../documents/automation-datastore.port';
import { AutomationDocuments } from '../documents/automation-documents.service';
import { ControllerViews } from '../controller-views/controller-views';
import { QUICK_ACTIONS_NAMESPACE } from './rule-actions';
import { RuleEngine } from './rule-engine.service';

/** How far back the history service must have a value of a field for a rule to name it. */
const FIELD_KNOWN_WITHIN = '30d';
const HISTORY_TIMEOUT_MS = 3000;

/**
 * What a rule or profile is checked against when it is saved: the fields the history service has
 * or the bus carried since start, the controllers' blocks from their state events, the profiles,
 * and the web app's quick actions.
 */
@Injectable()
export class RuleContexts {
  private readonly logger = new Logger('RuleContexts');
  private readonly history: HistoryApiClient;

  constructor(
    @Inject(AutomationConfig) config: AutomationConfig,
    private readonly documents: AutomationDocuments,
    private readonly datastore: AutomationDatastore,
    private readonly controllers: ControllerViews,
    private readonly engine: RuleEngine,
  ) {
    this.history = createHistoryClient(config.historyUrl, { token: config.historyApiToken });
  }

  /** The context of `document`: the history fields it names are looked up first. */
  async of(document: unknown): Promise<AutomationContext> {
    await this.documents.readWithin();
    const stored = new Set<string>();
    await Promise.all(
      fieldsNamedBy(document).map(async (field) => {
        if (await this.historyHas(field)) stored.add(field);
      }),
    );
    const quickActions = new Set(
      (await this.datastore.mget(QUICK_ACTIONS_NAMESPACE).catch(() => [])).map((doc) => doc.id),
    );
    const profiles = new Set(this.documents.documents(PROFILES_NAMESPACE).map((doc) => String(doc['id'])));
    return {
      knownField: (field) => stored.has(field) || this.engine.latestValue(field) !== undefined,
      blockType: (serviceId, blockId) => this.controllers.blockType(serviceId, blockId),
      knownController: (serviceId) => this.controllers.knows(serviceId),
      knownProfile: (id) => profiles.has(id),
      knownQuickAction: (id) => quickActions.has(id),
    };
  }

  private async historyHas(field: string): Promise<boolean> {
    try {
      const { data } = await this.history.POST('/timeseries/fields', {
        body: { prefix: field, limit: 2, duration: FIELD_KNOWN_WITHIN },
        signal: AbortSignal.timeout(HISTORY_TIMEOUT_MS),
      });
      return data?.includes(field) ?? false;
    } catch (error) {
      this.logger.warn(`the history service did not answer whether it has ${field}: ${String(error)}`);
      return false;
    }
  }
}

/** The history fields a rule document names, read loosely: the checks say what is wrong with the rest. */
function fieldsNamedBy(document: unknown): string[] {
  const doc = document as { trigger?: { field?: unknown }; conditions?: unknown } | null;
  const conditions = Array.isArray(doc?.conditions) ? (doc.conditions as { field?: unknown }[]) : [];
  return [doc?.trigger?.field, ...conditions.map((condition) => condition?.field)].filter(
    (field): field is string => typeof field === 'string' && field !== '',
  );
}
