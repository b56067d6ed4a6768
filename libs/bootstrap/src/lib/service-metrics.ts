import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Observable } from 'rxjs';

/** The prefix of every metric name of the services. */
export const METRIC_PREFIX = 'eventcast_';

/** The route label of a request no route matched, so unknown URLs cannot grow the label set. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Buckets of the request latency histogram, in seconds: 1 ms to 10 s. */
/** Bucket bounds, in seconds, of the latency histograms. */
export const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/** A value read when Prometheus scrapes, not counted as things happen. */
export interface SampledMetric {
  /** The full name, e.g. `eventcast_history_values_written_total`. */
  name: string;
  help: string;
  read(): number;
}

/**
 * The Prometheus metrics of one app, in a registry of its own (never prom-client's global one, so
 * that several apps in one process, as in the tests, keep their figures apart): the process metrics,
 * HTTP requests by route pattern and status, the MQTT connection state, and what the service adds.
 * The service's own figures are read at scrape time from the counters it keeps anyway (`counter`,
 * `gauge`), so nothing is done per message for them.
 */
@Injectable()
export class ServiceMetrics {
  readonly registry = new Registry();
  private brokerIsConnected = false;
  private receivedMessages = 0;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX });
    this.requests = new Counter({
      name: `${METRIC_PREFIX}http_requests_total`,
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.latency = new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'Time from receiving an HTTP request to sending its answer, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
    this.counter({
      name: `${METRIC_PREFIX}mqtt_messages_received_total`,
      help: 'MQTT messages delivered to the service on the topics it subscribes to.',
      read: () => this.receivedMessages,
    });
    this.gauge({
      name: `${METRIC_PREFIX}mqtt_connected`,
      help: '1 while the subscribing MQTT connection of the service is up, else 0.',
      read: () => (this.brokerIsConnected ? 1 : 0),
    });
  }

  /**
   * Counts the messages the subscribing MQTT connection of the service receives, as
   * `eventcast_mqtt_messages_received_total`; `client` is that connection's mqtt.js client.
   */
  countReceivedMessages(client: {
    on(event: 'packetreceive', listener: (packet: { cmd: string }) => void): unknown;
  }): void {
    client.on('packetreceive', (packet) => {
      if (packet.cmd === 'publish') this.receivedMessages++;
    });
  }

  /** Whether the service's subscribing MQTT connection is up. */
  get brokerConnected(): boolean {
    return this.brokerIsConnected;
  }

  /** Follows the status of the MQTT transport (`INestMicroservice.status`): `connected` or anything else. */
  watchBroker(status: Observable<string>): void {
    status.subscribe((value) => (this.brokerIsConnected = value === 'connected'));
  }

  /** A gauge whose value is read when Prometheus scrapes. */
  gauge(metric: SampledMetric): void {
    const { read } = metric;
    new Gauge({
      name: metric.name,
      help: metric.help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** A counter whose value, a count kept since start-up that only grows, is read when Prometheus scrapes. */
  counter(metric: SampledMetric): void {
    const { read } = metric;
    new Counter({
      name: metric.name,
      help: metric.help,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }

  /** A latency histogram without labels; returns the function that records one duration in seconds. */
  histogram(metric: { name: string; help: string }): (seconds: number) => void {
    const histogram = new Histogram({
      name: metric.name,
      help: metric.help,
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
    return (seconds) => histogram.observe(seconds);
  }

  /** Counts one answered HTTP request; `route` is the route pattern (`/history/datastore/:namespace`), not the URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  /** The text format Prometheus scrapes. */
  async text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** Counts every answer of `fastify` in `metrics`, labelled with the route pattern that served it. */
export function instrumentHttp(fastify: FastifyInstance, metrics: ServiceMetrics): void {
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
