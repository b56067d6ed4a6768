import { namedDocumentId, UI_NAMESPACE } from './ui-documents';

/** The datastore namespace of the quick actions, one document each. */
export const QUICK_ACTIONS_NAMESPACE = `${UI_NAMESPACE}:quick-actions`;

/** One block's part of a quick action: the body of the controller's `/blocks/patch` it sends. */
export interface BlockPatch {
  serviceId: string;
  /** The block's id. */
  id: string;
  /** The block's type, which the controller checks. */
  type: string;
  /** The fields it sets: a quantity as a Quantity in the unit it was entered in, a link as the target's id. */
  data: Record<string, unknown>;
}

/** A quick action as the datastore keeps it: a name and the patches one click applies. */
export interface QuickAction {
  namespace: typeof QUICK_ACTIONS_NAMESPACE;
  id: string;
  name: string;
  patches: BlockPatch[];
}

/** A document id for a new quick action called `name`. */
export function quickActionId(name: string, now = Date.now()): string {
  return namedDocumentId('action', name, now);
}

/** The quick actions among datastore documents, by name; documents of another shape are left out. */
export function quickActionsOf(documents: readonly Record<string, unknown>[]): QuickAction[] {
  return documents.filter(isQuickAction).sort((a, b) => a.name.localeCompare(b.name));
}

function isQuickAction(doc: Record<string, unknown>): doc is Record<string, unknown> & QuickAction {
  const patches = doc['patches'];
  return typeof doc['name'] === 'string' && Array.isArray(patches) && patches.every(isBlockPatch);
}

function isBlockPatch(patch: unknown): patch is BlockPatch {
  if (typeof patch !== 'object' || patch === null) return false;
  const { serviceId, id, type, data } = patch as Partial<BlockPatch>;
  return (
    typeof serviceId === 'string' &&
    typeof id === 'string' &&
    typeof type === 'string' &&
    typeof data === 'object' &&
    data !== null
  );
}
