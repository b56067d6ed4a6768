/** Root of every eventcast topic. */
export const TOPIC_ROOT = 'eventcast';

/** History events: any service publishes below it. */
export const HISTORY_TOPIC = `${TOPIC_ROOT}/history`;

/** What the history service subscribes to: every topic below `HISTORY_TOPIC`. */
export const HISTORY_SUBSCRIPTION = `${HISTORY_TOPIC}/#`;

/**
 * What one history service subscribes to: every history topic, or, when it is one of several
 * instances sharing the load, the MQTT shared subscription `$share/<group>/eventcast/history/#`,
 * through which the broker hands each event to one member of the group.
 */
export function historySubscription(shareGroup?: string): string {
  return sharedAmong(HISTORY_SUBSCRIPTION, shareGroup);
}

/** Every controller's change events: what the history service keeps as annotations. */
export const CHANGES_SUBSCRIPTION = `${TOPIC_ROOT}/state/+/changes`;

/** What one history service subscribes to for the change events, shared as `historySubscription` is. */
export function changesSubscription(shareGroup?: string): string {
  return sharedAmong(CHANGES_SUBSCRIPTION, shareGroup);
}

function sharedAmong(filter: string, shareGroup: string | undefined): string {
  return shareGroup === undefined ? filter : `$share/${shareGroup}/${filter}`;
}

/** Datastore change events, one topic per top-level namespace. */
export const DATASTORE_TOPIC = `${TOPIC_ROOT}/datastore`;

/** The block operations a controller takes over MQTT. */
export const BLOCK_OPERATIONS = ['create', 'write', 'patch', 'delete'] as const;
export type BlockOperation = (typeof BLOCK_OPERATIONS)[number];

/** Block operations, one topic per operation below it. */
export const BLOCK_TOPIC = `${TOPIC_ROOT}/controller/blocks`;

/** Controller state events, one topic per controller below it. */
export const STATE_TOPIC = `${TOPIC_ROOT}/state`;

/** `eventcast/history/<service>`: where a service publishes its history events. */
export function historyTopic(serviceName: string): string {
  return `${HISTORY_TOPIC}/${serviceName}`;
}

/** `eventcast/datastore/<top-level namespace>`, or the base topic for the empty namespace. */
export function datastoreTopic(topLevelNamespace: string): string {
  return topLevelNamespace === '' ? DATASTORE_TOPIC : `${DATASTORE_TOPIC}/${topLevelNamespace}`;
}

/** `eventcast/controller/blocks/<operation>`. */
export function blockTopic(operation: BlockOperation): string {
  return `${BLOCK_TOPIC}/${operation}`;
}

/** `eventcast/state/<service id>`: the retained state event of a controller, and its last will. */
export function stateTopic(serviceId: string): string {
  return `${STATE_TOPIC}/${serviceId}`;
}

/** `eventcast/state/<service id>/patch`: the block changes of a controller. */
export function statePatchTopic(serviceId: string): string {
  return `${stateTopic(serviceId)}/patch`;
}

/** `eventcast/state/<service id>/changes`: what changed on a controller, from what to what, and who changed it. */
export function stateChangesTopic(serviceId: string): string {
  return `${stateTopic(serviceId)}/changes`;
}

/** The automation service's events: incidents and notifications, one topic per rule below each. */
export const AUTOMATION_TOPIC = `${TOPIC_ROOT}/automation`;

/** `eventcast/automation/incidents/<rule id>`: an incident of the rule opened, closed or acknowledged. */
export function incidentsTopic(ruleId: string): string {
  return `${AUTOMATION_TOPIC}/incidents/${ruleId}`;
}

/** `eventcast/automation/notifications/<rule id>`: what a rule's MQTT notify action sends. */
export function notificationsTopic(ruleId: string): string {
  return `${AUTOMATION_TOPIC}/notifications/${ruleId}`;
}
