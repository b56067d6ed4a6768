import { LiveSocket, streamProtocols } from './live-socket';

describe('streamProtocols', () => {
  it('offers no subprotocol without a token', () => {
    expect(streamProtocols(undefined)).toBeUndefined();
  });

  it('carries the token as base64url after eventcast.bearer., beside eventcast', () => {
    const token = 'a-token/of+16?chars~é';
    const [plain, bearer] = streamProtocols(token) as string[];
    expect(plain).toBe('eventcast');
    const encoded = bearer.slice('eventcast.bearer.'.length);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(encoded, 'base64url').toString('utf8')).toBe(token);
  });
});

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
});
