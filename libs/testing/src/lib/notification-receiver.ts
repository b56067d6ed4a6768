import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request the receiver took (answered 2xx). */
export interface ReceivedNotification {
  key: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers: a status, or `hang` to keep the request waiting without an answer. */
export type ReceiverAnswer = number | 'hang';

/**
 * A real local HTTP server standing in for ntfy or any webhook receiver: it keeps what it took, in
 * order, and answers as the test says (`answerWith`), so a test can take it down (500, no answer)
 * and bring it back.
 */
export class NotificationReceiver {
  /** What it took, in the order it came. */
  readonly taken: ReceivedNotification[] = [];
  /** Requests it answered with an error or left hanging. */
  turnedAway = 0;
  /** How long it takes to answer, as a slow receiver would. */
  answerAfterMs = 0;
  private answer: ReceiverAnswer = 200;
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: Server) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const respond = () => this.respond(request.url ?? '/', request.headers, Buffer.concat(chunks), response);
        if (this.answerAfterMs > 0) setTimeout(respond, this.answerAfterMs);
        else respond();
      });
    });
  }

  /** Starts a receiver on a free port of 127.0.0.1. */
  static async start(): Promise<NotificationReceiver> {
    const server = createServer();
    const receiver = new NotificationReceiver(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  /** Its base URL; any path below it reaches it. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The idempotency keys it took, in order. */
  get keys(): string[] {
    return this.taken.map((notification) => notification.key);
  }

  answerWith(answer: ReceiverAnswer): void {
    this.answer = answer;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private respond(path: string, headers: IncomingHttpHeaders, body: Buffer, response: ServerResponse): void {
    if (this.answer === 'hang') {
      this.turnedAway += 1;
      return;
    }
    if (this.answer >= 200 && this.answer < 300)
      this.taken.push({ key: String(headers['idempotency-key']), path, headers, body: body.toString('utf8') });
    else this.turnedAway += 1;
    response.writeHead(this.answer, { 'Content-Type': 'application/json' }).end('{}');
  }
}
