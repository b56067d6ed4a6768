import { Injectable } from '@nestjs/common';
import {
  type AutomationContext,
  listedProfile,
  profileProblems,
  type ProfileListing,
  PROFILES_NAMESPACE,
  profileShapeProblems,
} from '@eventcast/automation-model';
import { BadRequestError, type DatastoreDocument } from '@eventcast/domain';
import { ControllerViews } from '../controller-views/controller-views';
import { AutomationDocuments } from '../documents/automation-documents.service';

/**
 * The profiles as documents of `svc-automation:profiles`: listed with whether they run, saved only
 * once checked, deleted. The runner hears each change through the documents' listeners, so a saved
 * running profile follows its new steps at once and a deleted one stops.
 */
@Injectable()
export class ProfileDocuments {
  /** What a profile's block is checked against: the controllers the service sees online. */
  private readonly context: AutomationContext;

  constructor(
    private readonly documents: AutomationDocuments,
    private readonly controllers: ControllerViews,
  ) {
    this.context = {
      knownController: (serviceId) => controllers.knows(serviceId),
      blockType: (serviceId, blockId) => controllers.blockType(serviceId, blockId),
      // A profile names no history field, profile or quick action.
      knownField: () => false,
      knownProfile: () => false,
      knownQuickAction: () => false,
    };
  }

  /** Every profile by id, as it stands at `nowMs`. */
  async list(nowMs = Date.now()): Promise<Array<DatastoreDocument & ProfileListing>> {
    await this.documents.readWithin();
    return this.documents.documents(PROFILES_NAMESPACE).map((document) => listedProfile(document, nowMs));
  }

  /**
   * Creates or replaces the profile `value` once checked; a running profile keeps its `startedAt`
   * unless `value` gives one. Rejects with a `BadRequestError` naming every problem, saving nothing.
   */
  async save(value: Record<string, unknown>): Promise<DatastoreDocument> {
    const stored =
      typeof value['id'] === 'string' ? await this.documents.findFresh(PROFILES_NAMESPACE, value['id']) : undefined;
    const profile =
      value['startedAt'] === undefined && stored?.['startedAt'] !== undefined
        ? { ...value, startedAt: stored['startedAt'] }
        : value;
    const problems = this.problemsOf(profile);
    if (problems.length > 0) throw new BadRequestError(problems);
    return this.documents.save(profile as DatastoreDocument);
  }

  /** Deletes the profile `id`, which stops it if it runs (its block keeps its last setting); whether it was there. */
  remove(id: string): Promise<boolean> {
    return this.documents.remove(PROFILES_NAMESPACE, id);
  }

  /** The problems of a profile: its block is checked where the service sees its controller online. */
  private problemsOf(profile: Record<string, unknown>): string[] {
    const serviceId = profile['serviceId'];
    return typeof serviceId === 'string' && this.controllers.seesBlocksOf(serviceId)
      ? profileProblems(profile, this.context)
      : profileShapeProblems(profile);
  }
}
