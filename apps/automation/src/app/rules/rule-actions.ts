import { Injectable, Logger } from '@nestjs/common';
import { Action, Rule } from '@eventcast/automation-model';
import { BlockPatcher } from '../blocks/block-patcher.service';
import { AutomationDatastore } from '../documents/automation-datastore.port';
import { ProfileRunner } from '../profiles/profile-runner.service';

/** The namespace of the web app's quick actions, whose patches a rule can apply. */
export const QUICK_ACTIONS_NAMESPACE = 'svc-ui-store:quick-actions';

interface QuickActionPatch {
  serviceId: string;
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/**
 * Runs what a rule does besides notifying, when it fires: patches blocks, applies a quick action,
 * starts or stops a profile. Each action runs on its own; one that fails is logged and the others
 * still run. Notifications leave through the outbox, written with the incident.
 */
@Injectable()
export class RuleActions {
  private readonly logger = new Logger('RuleActions');

  constructor(
    private readonly patcher: BlockPatcher,
    private readonly datastore: AutomationDatastore,
    private readonly profiles: ProfileRunner,
  ) {}

  async run(rule: Rule): Promise<void> {
    for (const action of rule.actions) {
      try {
        await this.runOne(action, `automation rule ${rule.title}`);
      } catch (error) {
        this.logger.error(`rule ${rule.id}: its ${action.type} action failed: ${String(error)}`);
      }
    }
  }

  private async runOne(action: Action, origin: string): Promise<void> {
    switch (action.type) {
      case 'patch':
        await this.patcher.patch(
          { id: action.blockId, serviceId: action.serviceId, type: action.blockType, data: action.data },
          origin,
        );
        return;
      case 'quick-action':
        for (const patch of await this.quickActionPatches(action.quickActionId))
          await this.patcher.patch(patch, origin);
        return;
      case 'profile':
        if (action.run === 'start') await this.profiles.start(action.profileId);
        else await this.profiles.stop(action.profileId);
        return;
      default:
        return;
    }
  }

  private async quickActionPatches(id: string): Promise<QuickActionPatch[]> {
    const document = (await this.datastore.mget(QUICK_ACTIONS_NAMESPACE)).find((doc) => doc.id === id);
    if (document === undefined) throw new Error(`no quick action ${id}`);
    return Array.isArray(document['patches']) ? (document['patches'] as QuickActionPatch[]) : [];
  }
}
