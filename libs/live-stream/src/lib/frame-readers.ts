import { incidentEventOf } from '@eventcast/automation-model';
import {
  datastoreEventOf,
  PATCH_EVENT_TYPE,
  readDatastoreEvent,
  REMOVED_EVENT_TYPE,
  STATE_EVENT_TYPE,
} from '@eventcast/domain';
import type { AnnotationFrame, ControllerEvent, FeedEvents, HistoryFrame, LiveFeed, StreamFrames } from './frames';
import {
  ANNOTATIONS_STREAM_PATH,
  CONTROLLER_STREAM_PATH,
  DOCUMENTS_STREAM_PATH,
  HISTORY_STREAM_PATH,
} from './stream-paths';

/** A JSON object, or undefined for text that is not one. */
function readJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    return objectOf(JSON.parse(text));
  } catch {
    return undefined;
  }
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return isObject(value) ? (value as Record<string, unknown>) : undefined;
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A controller's event as the controller stream carries it (and as controllers publish it): a state
 * event (`data` an object, or null for a controller gone offline), a patch event, or a removed event;
 * undefined for anything else.
 */
export function readControllerEvent(text: string): ControllerEvent | undefined {
  return controllerEventOf(readJsonObject(text));
}

/** A parsed value as a controller's event, as {@link readControllerEvent} reads one. */
export function controllerEventOf(value: unknown): ControllerEvent | undefined {
  const event = objectOf(value);
  if (typeof event?.['key'] !== 'string') return undefined;
  const { type, data } = event;
  const valid =
    (type === STATE_EVENT_TYPE && (data === null || isObject(data))) ||
    (type === PATCH_EVENT_TYPE && isObject(data)) ||
    (type === REMOVED_EVENT_TYPE && data === undefined);
  return valid ? (event as unknown as ControllerEvent) : undefined;
}

/**
 * A message of the history stream: `{id, data}`, `{id, following: true}`, an error frame `{id?, error}`
 * or a heartbeat `{heartbeat: true}`; undefined for anything else.
 */
export function readHistoryFrame(text: string): HistoryFrame | undefined {
  const frame = readJsonObject(text);
  if (!frame) return undefined;
  const { id, error } = frame;
  if (frame['heartbeat'] === true && id === undefined) return { heartbeat: true };
  if (typeof error === 'string') return id === undefined || typeof id === 'string' ? { ...frame, error } : undefined;
  if (typeof id !== 'string') return undefined;
  if (frame['following'] === true) return { id, following: true };
  return 'data' in frame ? { id, data: frame['data'] } : undefined;
}

/** An annotation as the annotations stream carries it; undefined for anything else. */
export function readAnnotationFrame(text: string): AnnotationFrame | undefined {
  return annotationFrameOf(readJsonObject(text));
}

/** A parsed value as an annotation, as {@link readAnnotationFrame} reads one. */
export function annotationFrameOf(value: unknown): AnnotationFrame | undefined {
  const frame = objectOf(value);
  if (!frame) return undefined;
  const { id, time, kind, blocks, controller } = frame;
  const valid =
    typeof id === 'string' &&
    typeof time === 'string' &&
    typeof kind === 'string' &&
    Array.isArray(blocks) &&
    blocks.every((block) => typeof block === 'string') &&
    (controller === undefined || typeof controller === 'string');
  return valid ? (frame as unknown as AnnotationFrame) : undefined;
}

/** How the web app reads each stream's messages: the client's half of the contract. */
export const FRAME_READERS: { [P in keyof StreamFrames]: (text: string) => StreamFrames[P] | undefined } = {
  [HISTORY_STREAM_PATH]: readHistoryFrame,
  [CONTROLLER_STREAM_PATH]: readControllerEvent,
  [DOCUMENTS_STREAM_PATH]: readDatastoreEvent,
  [ANNOTATIONS_STREAM_PATH]: readAnnotationFrame,
};

/** How the web app reads the `data` of each feed's frames on the history stream. */
export const FEED_READERS: { [F in LiveFeed]: (data: unknown) => FeedEvents[F] | undefined } = {
  controllers: controllerEventOf,
  documents: datastoreEventOf,
  annotations: annotationFrameOf,
  incidents: incidentEventOf,
};
