import { FEED_READERS, FRAME_READERS, readHistoryFrame } from './frame-readers';
import type { FeedEvents, LiveFeed, StreamFrames } from './frames';

/** `value` as JSON with every object's keys in order, so that two equal values compare equal as text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/**
 * The stream contract: `frame`, a message a server sent on `path`, is read by the web app's feed
 * for that path as the very value the server sent; throws otherwise. The history service's contract
 * test holds its real frames to it, so a change on either side fails the build.
 */
export function expectClientReads<P extends keyof StreamFrames>(path: P, frame: string): StreamFrames[P] {
  const read = FRAME_READERS[path](frame);
  if (read === undefined || canonical(read) !== canonical(JSON.parse(frame))) {
    throw new Error(`the web app does not read this frame of ${path} as sent: ${frame}`);
  }
  return read;
}

/**
 * The contract of a feed on the history stream: `frame`, a data frame the server sent for a follow
 * of `feed`, is read by the web app's history stream and feed reader as the very event the server
 * sent; throws otherwise.
 */
export function expectFeedReads<F extends LiveFeed>(feed: F, frame: string): FeedEvents[F] {
  const read = readHistoryFrame(frame);
  const event = read && 'data' in read ? FEED_READERS[feed](read.data) : undefined;
  const sent = (JSON.parse(frame) as { data?: unknown }).data;
  if (event === undefined || canonical(event) !== canonical(sent)) {
    throw new Error(`the web app does not read this frame of the ${feed} feed as sent: ${frame}`);
  }
  return event as FeedEvents[F];
}
