import type { Block, StateEvent } from '@eventcast/domain';
import { sharedFeeds, type FeedHandlers, type FeedState } from './shared-feed';

const state = (key: string, blocks: Block[]): StateEvent => ({
  key,
  type: 'Controller.state',
  data: {
    status: { connected: true, deviceId: 'C0FFEE', version: '1', temperatureUnit: 'degC' },
    blocks,
    relations: [],
  },
});

/** A controller stream of the spec's own: the feeds it opened, by token, and how many it closed. */
function fakeStream() {
  const opened: Array<{ token: string | undefined; handlers: FeedHandlers }> = [];
  let closed = 0;
  const follow = (token: string | undefined, handlers: FeedHandlers) => {
    opened.push({ token, handlers });
    return () => void closed++;
  };
  return { opened, closed: () => closed, feeds: sharedFeeds(follow) };
}

describe(sharedFeeds.name, () => {
  it('opens one stream for every widget of a token, and tells each of them every change', () => {
    const { opened, feeds } = fakeStream();
    const first: FeedState[] = [];
    const second: FeedState[] = [];
    feeds.listen('t', (seen) => first.push(seen));
    feeds.listen('t', (seen) => second.push(seen));
    opened[0].handlers.onOpenChange(true);
    opened[0].handlers.onEvent(state('fermenter', []));

    expect(opened).toHaveLength(1);
    expect(second.map(({ live, controllers }) => [live, [...controllers.keys()]])).toEqual([
      [false, []],
      [true, []],
      [true, ['fermenter']],
    ]);
    expect(first).toHaveLength(3);
  });

  it('tells a widget that comes later what the stream knows already', () => {
    const { opened, feeds } = fakeStream();
    feeds.listen('t', () => undefined);
    opened[0].handlers.onEvent(state('fermenter', []));
    let seen: FeedState | undefined;
    feeds.listen('t', (now) => (seen = now));

    expect([...(seen?.controllers.keys() ?? [])]).toEqual(['fermenter']);
  });

  it('closes the stream with its last widget, and opens a new one for the next', () => {
    const { opened, closed, feeds } = fakeStream();
    const stopFirst = feeds.listen('t', () => undefined);
    const stopSecond = feeds.listen('t', () => undefined);
    stopFirst();
    expect(closed()).toBe(0);
    stopSecond();
    expect(closed()).toBe(1);
    feeds.listen('t', () => undefined);

    expect(opened).toHaveLength(2);
  });

  it('opens a stream of its own for another token', () => {
    const { opened, feeds } = fakeStream();
    feeds.listen('t', () => undefined);
    feeds.listen(undefined, () => undefined);

    expect(opened.map(({ token }) => token)).toEqual(['t', undefined]);
  });
});
