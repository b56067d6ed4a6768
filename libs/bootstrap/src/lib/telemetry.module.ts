import { Controller, DynamicModule, Get, Global, Header, HttpCode, Module, Res, Type } from '@nestjs/common';
import {
  ApiExcludeController,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiServiceUnavailableResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ServiceMetrics } from './service-metrics';
import { Readiness, ServiceReadiness } from './service-readiness';

/** The state of one dependency. */
export class DependencyCheckDto {
  /** Whether it answers. */
  @ApiProperty({ description: 'Whether it answers.', example: true })
  ok!: boolean;
  /** Why it is not ready, when it is not. */
  @ApiPropertyOptional({ description: 'Why it is not ready, when it is not.', example: 'the MQTT connection is down' })
  detail?: string;
}

/** The answer of `GET <prefix>/health`. */
export class HealthDto {
  /** `ready` when every dependency is, else `not ready` (and the status is 503). */
  @ApiProperty({
    enum: ['ready', 'not ready'],
    example: 'ready',
    description: '`ready` when every dependency is, else `not ready` (and the status is 503).',
  })
  status!: 'ready' | 'not ready';
  /** Each dependency by name: `broker` always, then the service's own (`store`, `datastore`, `device`). */
  @ApiProperty({
    type: 'object',
    description:
      'Each dependency by name: `broker` always, then those of the service (`store`, `datastore`, `device`).',
    additionalProperties: { $ref: getSchemaPath(DependencyCheckDto) },
    example: { broker: { ok: true }, store: { ok: true } },
  })
  checks!: Record<string, DependencyCheckDto>;
  /** Settings the service could not use and works around; only when there is some. They do not make it unready. */
  @ApiPropertyOptional({
    type: [String],
    description:
      'Settings the service could not use and works around; only when there is some. They do not make it unready.',
    example: ['svc-global:units: temperature "kelvin" is not degC or degF; temperatures are in degC'],
  })
  warnings?: string[];
}

/** `GET <prefix>/health`: whether each dependency answers; 200 when all do, 503 otherwise. */
@ApiTags('health')
@ApiExtraModels(DependencyCheckDto)
@Controller()
export class HealthController {
  constructor(private readonly readiness: ServiceReadiness) {}

  @Get('health')
  @ApiOperation({ summary: 'Readiness: the broker connection and each store the service depends on' })
  @ApiOkResponse({
    type: HealthDto,
    description: 'Every dependency answers',
    example: { status: 'ready', checks: { broker: { ok: true }, store: { ok: true } } },
  })
  @ApiServiceUnavailableResponse({
    type: HealthDto,
    description: 'A dependency does not answer',
    example: { status: 'not ready', checks: { broker: { ok: false, detail: 'the MQTT connection is down' } } },
  })
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthDto> {
    const readiness: Readiness = await this.readiness.check();
    void reply.status(readiness.status === 'ready' ? 200 : 503);
    return readiness;
  }
}

/** `GET <prefix>/metrics`: the Prometheus text format; not part of the OpenAPI document. */
@ApiExcludeController()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: ServiceMetrics) {}

  @Get('metrics')
  @HttpCode(200)
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  async metricsText(): Promise<string> {
    return this.metrics.text();
  }
}

/** Gives every app its `ServiceMetrics`, `ServiceReadiness` and the two routes; added by `createServiceApp`. */
@Global()
@Module({
  controllers: [HealthController, MetricsController],
  providers: [ServiceMetrics, ServiceReadiness],
  exports: [ServiceMetrics, ServiceReadiness],
})
export class TelemetryModule {}

/** The root module of an app: the service's own module beside `TelemetryModule`. */
@Module({})
export class ServiceRootModule {}

export function withTelemetry(module: Type<unknown> | DynamicModule): DynamicModule {
  return { module: ServiceRootModule, imports: [TelemetryModule, module] };
}
