import { LiveSocket } from './live-socket';

/** A browser's WebSocket as far as LiveSocket uses it: closing one that is still opening fires `close` later. */
class OpeningWebSocket {
  static readonly OPEN = 1;
  static made: OpeningWebSocket[] = [];
  readyState = 0;
  onopen?: () => void;
  onmessage?: (event: { data: string }) => void;
  onclose?: () => void;
  constructor() {
    OpeningWebSocket.made.push(this);
  }
  close() {
    this.readyState = 3;
    setTimeout(() => this.onclose?.());
  }
}

describe('LiveSocket', () => {
  beforeEach(() => {
    OpeningWebSocket.made = [];
    Object.assign(globalThis, { WebSocket: OpeningWebSocket });
  });

  afterEach(() => jest.useRealTimers());

  const handlers = () => ({ onOpen: jest.fn(), onMessage: jest.fn(), onClose: jest.fn(), wanted: () => true });

  it('tells its owner nothing once closed for good, though the socket was still opening', async () => {
    const owner = handlers();
    const socket = new LiveSocket('ws://127.0.0.1/history/controllers/stream', undefined, owner);
    socket.open();
    socket.close();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(owner.onClose).not.toHaveBeenCalled();
    expect(OpeningWebSocket.made).toHaveLength(1);
  });

  it('tells its owner of a drop and opens again', async () => {
    jest.useFakeTimers();
    const owner = handlers();
    const socket = new LiveSocket('ws://127.0.0.1/history/controllers/stream', undefined, owner);
    socket.open();
    OpeningWebSocket.made[0].onclose?.();
    expect(owner.onClose).toHaveBeenCalledWith(true);
    jest.advanceTimersByTime(1000);
    expect(OpeningWebSocket.made).toHaveLength(2);
    socket.close();
  });

  it('lets a socket go that is silent longer than its owner allows, and opens again; a message keeps it', () => {
    jest.useFakeTimers();
    const owner = { ...handlers(), silentMs: 45_000 };
    const socket = new LiveSocket('ws://127.0.0.1/history/timeseries/stream', undefined, owner);
    socket.open();
    const first = OpeningWebSocket.made[0];
    first.readyState = OpeningWebSocket.OPEN;
    first.onopen?.();
    jest.advanceTimersByTime(40_000);
    first.onmessage?.({ data: '{"heartbeat":true}' });
    jest.advanceTimersByTime(40_000);
    expect(owner.onClose).not.toHaveBeenCalled();
    jest.advanceTimersByTime(5_000);
    expect(owner.onClose).toHaveBeenCalledWith(true);
    expect(first.readyState).toBe(3);
    jest.advanceTimersByTime(1000);
    expect(OpeningWebSocket.made).toHaveLength(2);
    socket.close();
  });
});
