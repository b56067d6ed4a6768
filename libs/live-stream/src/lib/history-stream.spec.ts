import { HistoryStream } from './history-stream';

/** A browser's WebSocket as far as the stream uses it, opened and fed by the test. */
class FakeWebSocket {
  static readonly OPEN = 1;
  static made: FakeWebSocket[] = [];
  readyState = 0;
  readonly sent: unknown[] = [];
  onopen?: () => void;
  onmessage?: (event: { data: string }) => void;
  onclose?: () => void;
  constructor() {
    FakeWebSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  /** The server accepts the socket. */
  accept() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.();
  }
  /** The server sends `frame`. */
  deliver(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const state = {
  key: 'cellar',
  type: 'Controller.state',
  data: { status: { connected: true }, blocks: [], relations: [] },
};

describe(HistoryStream.name, () => {
  let stream: HistoryStream;

  beforeEach(() => {
    jest.useFakeTimers();
    FakeWebSocket.made = [];
    Object.assign(globalThis, { WebSocket: FakeWebSocket });
    stream = new HistoryStream('ws://127.0.0.1/history/timeseries/stream', undefined);
  });

  afterEach(() => {
    stream.close();
    jest.useRealTimers();
  });

  it('carries queries and feeds on one socket, each under its own id', () => {
    const events: unknown[] = [];
    stream.follow('controllers', (event) => events.push(event));
    stream.follow('documents', () => undefined);
    stream.subscribe({ command: 'metrics', query: { fields: ['x'] }, onData: () => undefined });
    const [socket] = FakeWebSocket.made;
    socket.accept();
    expect(FakeWebSocket.made).toHaveLength(1);
    expect(socket.sent).toEqual([
      { id: 'q1', command: 'follow', feed: 'controllers' },
      { id: 'q2', command: 'follow', feed: 'documents' },
      { id: 'q3', command: 'metrics', query: { fields: ['x'] } },
    ]);
    socket.deliver({ id: 'q1', data: state });
    socket.deliver({ id: 'q2', data: state });
    expect(events).toEqual([state]);
  });

  it('says a feed is open only once the service follows it, and passes over an event the feed does not read', () => {
    const opens: boolean[] = [];
    const events: unknown[] = [];
    stream.follow('controllers', (event) => events.push(event), { onOpenChange: (open) => opens.push(open) });
    const [socket] = FakeWebSocket.made;
    socket.accept();
    expect(opens).toEqual([]);
    socket.deliver({ id: 'q1', following: true });
    socket.deliver({ id: 'q1', data: { key: 'cellar', type: 'Controller.state', data: 'not a state' } });
    socket.deliver({ id: 'q1', data: state });
    expect({ opens, events }).toEqual({ opens: [true], events: [state] });
  });

  it('after a drop, opens again and sends what still runs, but not what was stopped', () => {
    const opens: boolean[] = [];
    stream.follow('annotations', () => undefined, { onOpenChange: (open) => opens.push(open) });
    const stop = stream.follow('documents', () => undefined);
    FakeWebSocket.made[0].accept();
    FakeWebSocket.made[0].deliver({ id: 'q1', following: true });
    stop();
    FakeWebSocket.made[0].close();
    jest.advanceTimersByTime(1000);
    const again = FakeWebSocket.made[1];
    again.accept();
    again.deliver({ id: 'q1', following: true });
    expect(again.sent).toEqual([{ id: 'q1', command: 'follow', feed: 'annotations' }]);
    expect(opens).toEqual([true, false, true]);
  });
});
