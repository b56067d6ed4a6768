import { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayDisconnect, WebSocketGateway } from '@nestjs/websockets';
import { Subscription } from 'rxjs';
import { RawData, WebSocket } from 'ws';
import { HISTORY_STREAM_PATH } from '@eventcast/live-stream';
import { AutomationIncidents } from '../automation-incidents/automation-incidents';
import { StoredAnnotations } from '../annotations/stored-annotations';
import { ControllerStates } from '../controller-states/controller-states.service';
import { DatastoreChanges } from '../datastore-changes/datastore-changes.service';
import { HistoryWriter } from '../ingest/history-writer.service';
import { closeBrokerLost } from '../live/bus-relay';
import { sendHeartbeats } from '../live/heartbeat';
import type { LiveFeeds } from '../live/live-feeds';
import { sendToClient } from '../live/websocket-client';
import { LiveRanges } from './live-ranges';
import { StreamSession } from './stream-session';
import { TimeSeriesService } from './time-series.service';

/**
 * The WebSocket `/history/timeseries/stream`, the one socket of a page: one `StreamSession` per
 * client, told whenever values were stored, which also follows the controllers', the datastore's,
 * the annotations' and the automation service's incidents' feeds for it. A client that falls behind is closed with 1013 (see
 * `sendToClient`), and so is one that follows a feed while the service has lost the broker. Every
 * client hears a heartbeat every 15 s, so a page whose network path died knows it.
 */
@WebSocketGateway({ path: HISTORY_STREAM_PATH })
export class StreamGateway
  implements OnGatewayConnection<WebSocket>, OnGatewayDisconnect<WebSocket>, OnModuleInit, OnModuleDestroy
{
  private readonly sessions = new Map<WebSocket, StreamSession>();
  private readonly liveRanges: LiveRanges;
  private readonly feeds: LiveFeeds;
  private written?: Subscription;
  private stopHeartbeats?: () => void;

  constructor(
    private readonly timeseries: TimeSeriesService,
    private readonly writer: HistoryWriter,
    states: ControllerStates,
    documents: DatastoreChanges,
    annotations: StoredAnnotations,
    incidents: AutomationIncidents,
  ) {
    this.liveRanges = new LiveRanges(timeseries);
    this.feeds = {
      controllers: { relay: states, first: () => states.latest() },
      documents: { relay: documents },
      annotations: { relay: annotations },
      incidents: { relay: incidents },
    };
  }

  onModuleInit(): void {
    this.written = this.writer.written$.subscribe(({ events }) => {
      void this.liveRanges.written(events);
      for (const session of this.sessions.values()) session.changed();
    });
    this.stopHeartbeats = sendHeartbeats(() => this.sessions.keys());
  }

  onModuleDestroy(): void {
    this.written?.unsubscribe();
    this.stopHeartbeats?.();
    this.liveRanges.close();
    for (const session of this.sessions.values()) session.close();
  }

  handleConnection(socket: WebSocket): void {
    const session = new StreamSession(
      this.timeseries,
      this.liveRanges,
      (message) => sendToClient(socket, message),
      this.feeds,
      () => closeBrokerLost(socket),
    );
    this.sessions.set(socket, session);
    socket.on('message', (data: RawData) => session.receive(data.toString()));
  }

  handleDisconnect(socket: WebSocket): void {
    this.sessions.get(socket)?.close();
    this.sessions.delete(socket);
  }
}
