import type { ControllerEvent } from '@eventcast/live-stream';
import { applyControllerEvent, type Controllers } from '../../../common/controller-list';

/** What a feed of the controller stream tells: each event, and when the stream opens or closes. */
export interface FeedHandlers {
  onEvent: (event: ControllerEvent) => void;
  onOpenChange: (open: boolean) => void;
}

/** Opens a feed of the controllers on a connection's stream; returns what closes it (`followControllers`). */
export type FollowControllers<S> = (stream: S, handlers: FeedHandlers) => () => void;

/** The controllers as a shared feed knows them, and whether its stream is open. */
export interface FeedState {
  controllers: Controllers;
  live: boolean;
}

interface Feed {
  state: FeedState;
  listeners: Set<(state: FeedState) => void>;
  close: () => void;
}

/**
 * One follow of the controllers per stream for all the widgets of a page, however many: a
 * dashboard of twenty block widgets has the service send each state once, not twenty times. The feed opens with its first
 * listener and closes with its last.
 */
export function sharedFeeds<S>(follow: FollowControllers<S>) {
  const feeds = new Map<S, Feed>();
  const open = (stream: S): Feed => {
    const feed: Feed = { state: { controllers: new Map(), live: false }, listeners: new Set(), close: () => stop() };
    const publish = (state: FeedState) => {
      feed.state = state;
      for (const listener of feed.listeners) listener(state);
    };
    const stop = follow(stream, {
      onEvent: (event) => publish({ ...feed.state, controllers: applyControllerEvent(feed.state.controllers, event) }),
      onOpenChange: (live) => publish({ ...feed.state, live }),
    });
    feeds.set(stream, feed);
    return feed;
  };
  return {
    /** Calls `listener` with the state now and at each change; returns what stops it. */
    listen(stream: S, listener: (state: FeedState) => void): () => void {
      const feed = feeds.get(stream) ?? open(stream);
      feed.listeners.add(listener);
      listener(feed.state);
      return () => {
        feed.listeners.delete(listener);
        if (feed.listeners.size > 0) return;
        feed.close();
        feeds.delete(stream);
      };
    },
  };
}
