import { Controller, Get, Module, Param } from '@nestjs/common';
import { Transport } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Subject } from 'rxjs';
import { createServiceApp } from './service-app';
import { ServiceMetrics } from './service-metrics';
import { ServiceReadiness } from './service-readiness';
import { ServiceStartOptions } from './service-start-options';

@Controller('items')
class ItemsController {
  @Get(':id')
  item(@Param('id') id: string): { id: string } {
    return { id };
  }
}

@Module({ controllers: [ItemsController] })
class ItemsModule {}

const service: ServiceStartOptions = {
  name: 'items',
  module: ItemsModule,
  prefix: 'site-1',
  port: 1,
  mqttUrl: 'mqtt://nowhere:1883',
  transport: { transport: Transport.MQTT, options: { url: 'mqtt://nowhere:1883' } },
  api: { title: 'items', description: 'Items.', version: '1' },
};

describe('TelemetryModule', () => {
  let app: NestFastifyApplication;

  beforeEach(async () => {
    app = await createServiceApp(service, { logger: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterEach(async () => {
    await app.close();
  });

  it('serves the Prometheus text at <prefix>/metrics, counting requests by route pattern, not by URL', async () => {
    await app.inject({ method: 'GET', url: '/site-1/items/1' });
    await app.inject({ method: 'GET', url: '/site-1/items/2' });
    await app.inject({ method: 'GET', url: '/site-1/nothing/here' });

    const answer = await app.inject({ method: 'GET', url: '/site-1/metrics' });

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.body).toContain(
      'eventcast_http_requests_total{method="GET",route="/site-1/items/:id",status="200"} 2',
    );
    expect(answer.body).toContain('eventcast_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(answer.body).not.toContain('/site-1/items/1');
  });

  it('answers <prefix>/health with 503 while the broker is away and 200 once every dependency answers', async () => {
    const status = new Subject<string>();
    app.get(ServiceMetrics).watchBroker(status);
    app.get(ServiceReadiness).register('store', async () => undefined);

    const away = await app.inject({ method: 'GET', url: '/site-1/health' });
    expect(away.statusCode).toBe(503);
    expect(away.json()).toEqual({
      status: 'not ready',
      checks: { broker: { ok: false, detail: 'the MQTT connection is down' }, store: { ok: true } },
    });

    status.next('connected');
    const ready = await app.inject({ method: 'GET', url: '/site-1/health' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { broker: { ok: true }, store: { ok: true } } });
  });
});
