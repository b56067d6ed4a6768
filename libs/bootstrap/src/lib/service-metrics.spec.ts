import { Subject } from 'rxjs';
import { ServiceMetrics, UNMATCHED_ROUTE } from './service-metrics';
import { ServiceReadiness } from './service-readiness';

/** The value of the sample `line` (name and labels as printed) in the text format, or undefined. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((row) => row.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe(ServiceMetrics.name, () => {
  it('serves the process metrics under the eventcast_ prefix', async () => {
    const text = await new ServiceMetrics().text();
    expect(text).toContain('# TYPE eventcast_process_cpu_user_seconds_total counter');
    expect(text).toContain('eventcast_nodejs_heap_size_used_bytes');
  });

  it('keeps the figures of two apps in one process apart', async () => {
    const first = new ServiceMetrics();
    const second = new ServiceMetrics();
    first.observeRequest('GET', '/history/ping', 200, 0.002);
    expect(
      sample(await first.text(), 'eventcast_http_requests_total{method="GET",route="/history/ping",status="200"}'),
    ).toBe(1);
    expect(await second.text()).not.toContain('route="/history/ping"');
  });

  it('counts requests by route pattern and status, with a latency histogram in seconds', async () => {
    const metrics = new ServiceMetrics();
    metrics.observeRequest('GET', '/ns/:id', 200, 0.003);
    metrics.observeRequest('GET', '/ns/:id', 200, 0.2);
    metrics.observeRequest('GET', UNMATCHED_ROUTE, 404, 0.001);
    const text = await metrics.text();
    expect(sample(text, 'eventcast_http_requests_total{method="GET",route="/ns/:id",status="200"}')).toBe(2);
    expect(sample(text, 'eventcast_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    const bucket =
      'eventcast_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/ns/:id",status="200"}';
    expect(sample(text, bucket)).toBe(1);
    expect(
      sample(text, 'eventcast_http_request_duration_seconds_count{method="GET",route="/ns/:id",status="200"}'),
    ).toBe(2);
  });

  it('follows the MQTT transport status in eventcast_mqtt_connected', async () => {
    const metrics = new ServiceMetrics();
    const status = new Subject<string>();
    metrics.watchBroker(status);
    expect(sample(await metrics.text(), 'eventcast_mqtt_connected')).toBe(0);
    status.next('connected');
    expect(sample(await metrics.text(), 'eventcast_mqtt_connected')).toBe(1);
    status.next('reconnecting');
    expect(sample(await metrics.text(), 'eventcast_mqtt_connected')).toBe(0);
  });

  it('reads counters and gauges of the service when scraped, not before', async () => {
    const metrics = new ServiceMetrics();
    const stats = { written: 0, waiting: 0 };
    const read = jest.fn(() => stats.written);
    metrics.counter({ name: 'eventcast_test_written_total', help: 'written', read });
    metrics.gauge({ name: 'eventcast_test_waiting', help: 'waiting', read: () => stats.waiting });
    stats.written = 41;
    stats.written++;
    stats.waiting = 7;
    expect(read).not.toHaveBeenCalled();
    const text = await metrics.text();
    expect(text).toContain('# TYPE eventcast_test_written_total counter');
    expect(sample(text, 'eventcast_test_written_total')).toBe(42);
    expect(sample(text, 'eventcast_test_waiting')).toBe(7);
    stats.written = 50;
    expect(sample(await metrics.text(), 'eventcast_test_written_total')).toBe(50);
  });
});

describe(ServiceReadiness.name, () => {
  it('is ready when the broker is connected and every registered dependency answers', async () => {
    const metrics = new ServiceMetrics();
    const status = new Subject<string>();
    metrics.watchBroker(status);
    const readiness = new ServiceReadiness(metrics);
    readiness.register('store', async () => undefined);
    status.next('connected');
    await expect(readiness.check()).resolves.toEqual({
      status: 'ready',
      checks: { broker: { ok: true }, store: { ok: true } },
    });
  });

  it('is not ready, naming the reason, when the broker is away or a dependency fails', async () => {
    const metrics = new ServiceMetrics();
    const readiness = new ServiceReadiness(metrics);
    readiness.register('store', async () => Promise.reject(new Error('Redis is unreachable')));
    await expect(readiness.check()).resolves.toEqual({
      status: 'not ready',
      checks: {
        broker: { ok: false, detail: 'the MQTT connection is down' },
        store: { ok: false, detail: 'Redis is unreachable' },
      },
    });
  });

  it('names the warnings that have something to say, without being unready for them', async () => {
    const metrics = new ServiceMetrics();
    const status = new Subject<string>();
    metrics.watchBroker(status);
    status.next('connected');
    const readiness = new ServiceReadiness(metrics);
    let problem: string | undefined = 'units: "kelvin" is not a unit';
    readiness.warn('units', () => problem);
    readiness.warn('other', () => undefined);
    await expect(readiness.check()).resolves.toEqual({
      status: 'ready',
      checks: { broker: { ok: true } },
      warnings: ['units: "kelvin" is not a unit'],
    });
    problem = undefined;
    await expect(readiness.check()).resolves.toEqual({ status: 'ready', checks: { broker: { ok: true } } });
  });

  it('counts a dependency that does not answer in time as not ready', async () => {
    jest.useFakeTimers();
    try {
      const readiness = new ServiceReadiness(new ServiceMetrics());
      readiness.register('store', () => new Promise<void>(() => undefined));
      const answer = readiness.check();
      await jest.advanceTimersByTimeAsync(2000);
      await expect(answer).resolves.toMatchObject({
        checks: { store: { ok: false, detail: 'no answer within 2000 ms' } },
      });
    } finally {
      jest.useRealTimers();
    }
  });
});
