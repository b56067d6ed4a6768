import type { IncidentEvent } from '@eventcast/automation-model';
import type { DatastoreEvent, PatchEvent, RemovedEvent, StateEvent } from '@eventcast/domain';
import {
  ANNOTATIONS_STREAM_PATH,
  CONTROLLER_STREAM_PATH,
  DOCUMENTS_STREAM_PATH,
  HISTORY_STREAM_PATH,
} from './stream-paths';

/**
 * What the controller stream sends: the controllers' state and patch events, as published, and the
 * removed event of a controller whose retained state was cleared from the broker.
 */
export type ControllerEvent = StateEvent | PatchEvent | RemovedEvent;

/**
 * The error frame of a stream: the reason a command failed, with the command's id when it had one.
 * A domain error sends its own reason; anything else `internal error`.
 */
export interface StreamErrorFrame {
  id?: string;
  error: string;
}

/** The bus feeds the history stream carries beside its queries, so that a page needs one WebSocket. */
export const LIVE_FEEDS = ['controllers', 'documents', 'annotations', 'incidents'] as const;
export type LiveFeed = (typeof LIVE_FEEDS)[number];

/**
 * A client's command on the history stream: run a query under `id` (replacing one of that id),
 * follow a feed under `id`, or stop what runs under `id`.
 */
export type HistoryCommand =
  | { id: string; command: 'ranges' | 'metrics'; query: unknown }
  | { id: string; command: 'follow'; feed: LiveFeed }
  | { id: string; command: 'stop' };

/** The answer of the history stream to a running query: its data, as the HTTP twin of the query answers. */
export interface HistoryDataFrame<T = unknown> {
  id: string;
  data: T;
}

/**
 * The history stream's answer to a `follow`: the feed is followed, so every event from now on comes
 * (the controllers' latest states right after it).
 */
export interface FollowingFrame {
  id: string;
  following: true;
}

/**
 * What the history stream sends every {@link HEARTBEAT_MS} whatever else it sends: a client that
 * hears nothing for longer knows its connection is dead though no close came (a network path gone).
 */
export interface HeartbeatFrame {
  heartbeat: true;
}

/** How often the history stream sends a heartbeat. */
export const HEARTBEAT_MS = 15_000;

/** What the history stream sends. */
export type HistoryFrame = HistoryDataFrame | StreamErrorFrame | FollowingFrame | HeartbeatFrame;

/**
 * What the annotations stream sends: one annotation as `GET /history/annotations` lists it (times
 * ISO 8601; `changes` and `origin` for a controller's change, `text` for a note).
 */
export interface AnnotationFrame {
  id: string;
  time: string;
  end?: string;
  kind: string;
  controller?: string;
  blocks: string[];
  changes?: unknown[];
  origin?: { via: string; by?: string };
  text?: string;
}

/** What a feed followed on the history stream sends, each as the `data` of a frame with the follow's id. */
export interface FeedEvents {
  controllers: ControllerEvent;
  documents: DatastoreEvent;
  annotations: AnnotationFrame;
  incidents: IncidentEvent;
}

/** The event map of the streams: what each path sends, one JSON text message each. */
export interface StreamFrames {
  [HISTORY_STREAM_PATH]: HistoryFrame;
  [CONTROLLER_STREAM_PATH]: ControllerEvent;
  [DOCUMENTS_STREAM_PATH]: DatastoreEvent;
  [ANNOTATIONS_STREAM_PATH]: AnnotationFrame;
}
