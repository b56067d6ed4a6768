import type { LiveFeed } from '@eventcast/live-stream';
import type { BusRelay } from './bus-relay';

/** A feed a client follows on the history stream: its relay, and what a new follower gets first. */
export interface FeedSource {
  relay: Pick<BusRelay<unknown>, 'isFollowing' | 'listen'>;
  first?: () => readonly unknown[];
}

/** The feeds of the history stream, by name. */
export type LiveFeeds = Record<LiveFeed, FeedSource>;
