import { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayDisconnect, WebSocketGateway } from '@nestjs/websockets';
import { Subscription } from 'rxjs';
import { RawData, WebSocket } from 'ws';
import { HistoryWriter } from '../ingest/history-writer.service';
import { sendToClient } from '../websocket-client';
import { LiveRanges } from './live-ranges';
import { StreamSession } from './stream-session';
import { TimeSeriesService } from './time-series.service';

/** Where the WebSocket stream is served; gateways do not take the global prefix, so the path is whole. */
export const STREAM_PATH = '/history/timeseries/stream';

/**
 * The WebSocket `/history/timeseries/stream`: one `StreamSession` per client, told whenever values
 * were stored. A client that falls behind is closed with 1013 (see `sendToClient`).
 */
@WebSocketGateway({ path: STREAM_PATH })
export class StreamGateway
  implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket>, OnModuleInit, OnModuleDestroy
{
  private readonly sessions = new Map<WebSocket, StreamSession>();
  private readonly liveRanges: LiveRanges;
  private written?: Subscription;

  constructor(
    private readonly timeseries: TimeSeriesService,
    private readonly writer: HistoryWriter,
  ) {
    this.liveRanges = new LiveRanges(timeseries);
  }

  onModuleInit(): void {
    this.written = this.writer.written$.subscribe(({ events }) => {
      void this.liveRanges.written(events);
      for (const session of this.sessions.values()) session.changed();
    });
  }

  onModuleDestroy(): void {
    this.written?.unsubscribe();
    this.liveRanges.close();
    for (const session of this.sessions.values()) session.close();
  }

  handleConnection(socket: WebSocket): void {
    const session = new StreamSession(this.timeseries, this.liveRanges, (message) => sendToClient(socket, message));
    this.sessions.set(socket, session);
    socket.on('message', (data: RawData) => session.receive(data.toString()));
  }

  handleDisconnect(socket: WebSocket): void {
    this.sessions.get(socket)?.close();
    this.sessions.delete(socket);
  }
}
