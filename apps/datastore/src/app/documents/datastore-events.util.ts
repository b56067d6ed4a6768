import {
  ChangeEvent,
  DatastoreDocument,
  datastoreTopic,
  DeleteEvent,
  splitDocumentKey,
  topLevelNamespace,
} from '@eventcast/domain';

/** One event to publish: its topic and payload. */
export interface DatastoreAnnouncement {
  topic: string;
  event: ChangeEvent | DeleteEvent;
}

function groupByTopLevel<T>(items: T[], namespaceOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const top = topLevelNamespace(namespaceOf(item));
    const group = groups.get(top);
    if (group) group.push(item);
    else groups.set(top, [item]);
  }
  return groups;
}

/** One ChangeEvent per top-level namespace touched; none when nothing changed. */
export function changeAnnouncements(changed: DatastoreDocument[]): DatastoreAnnouncement[] {
  return [...groupByTopLevel(changed, (document) => document.namespace)].map(([top, documents]) => ({
    topic: datastoreTopic(top),
    event: { changed: documents },
  }));
}

/** One DeleteEvent per top-level namespace touched, listing full keys; none when nothing was deleted. */
export function deleteAnnouncements(deletedKeys: string[]): DatastoreAnnouncement[] {
  return [...groupByTopLevel(deletedKeys, (key) => splitDocumentKey(key).namespace)].map(([top, keys]) => ({
    topic: datastoreTopic(top),
    event: { deleted: keys },
  }));
}
