import { Logger } from '@nestjs/common';
import type { MqttClient, Packet } from 'mqtt';

/**
 * Counts what the broker delivers from the service's persistent session when the service starts:
 * the QoS 1 messages published while it was away (or left unacknowledged). The broker sends them
 * right after it accepts the connection, before it answers the subscription the service sends
 * then, so they are the messages that arrive between the CONNACK (session present) and the first
 * SUBACK. Logs their number once, so a start on a fresh `DATA_DIR` that still receives an old
 * backlog says so.
 */
export class SessionBacklog {
  private readonly logger = new Logger(SessionBacklog.name);
  /** Messages the broker delivered from the session at start. */
  delivered = 0;
  private state: 'connecting' | 'counting' | 'done' = 'connecting';

  /**
   * `wholeWindow`: the service lets the broker have its whole queue in flight (MQTT 5 with the
   * largest Receive Maximum), so all of the backlog comes before the SUBACK. Under MQTT 3.1.1 the
   * broker sends only its in-flight window first (20 for a stock Mosquitto), and the count is a floor.
   */
  constructor(
    private readonly clientId: string,
    private readonly wholeWindow = true,
  ) {}

  /** Follows the packets `client` receives until the backlog of its first connection is known. */
  watch(client: MqttClient): void {
    client.on('packetreceive', (packet) => this.received(packet));
  }

  /** One packet from the broker, in the order mqtt.js handles them. */
  received(packet: Packet): void {
    if (this.state === 'done') return;
    if (packet.cmd === 'connack' && this.state === 'connecting') {
      if (packet.sessionPresent) {
        this.state = 'counting';
        return;
      }
      this.state = 'done';
      this.logger.log(
        `the broker had no session for client id ${this.clientId}; it starts a new one, with nothing queued`,
      );
    } else if (packet.cmd === 'publish' && this.state === 'counting') {
      this.delivered++;
    } else if (packet.cmd === 'suback' && this.state === 'counting') {
      this.state = 'done';
      this.logger.log(
        `the broker delivered ${this.wholeWindow ? '' : 'at least '}${this.delivered} queued messages from the persistent ` +
          `session of client id ${this.clientId} (published while the service was away${this.wholeWindow ? '' : '; under MQTT 3.1.1 the rest of the backlog follows uncounted'}); ` +
          'they are stored under the time they arrived now. To start from scratch, use a new MQTT_CLIENT_ID or clear the ' +
          'session (docs/history.md)',
      );
    }
  }
}
