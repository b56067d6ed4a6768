import { Body, Controller, Inject, Module, Post } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { Transport } from '@nestjs/microservices';
import { ApiProperty } from '@nestjs/swagger';
import { formatOpenApiDocument, previewOpenApiDocument } from './open-api-preview';
import { PingController } from './ping.controller';
import { ServiceStartOptions } from './service-start-options';

class ReadingDto {
  @ApiProperty({ description: 'Degrees Celsius.' })
  value!: number;
}

const STORE = Symbol('store');

@Controller('readings')
class ReadingsController {
  constructor(@Inject(STORE) private readonly store: unknown) {}

  @Post('write')
  write(@Body() body: ReadingDto): ReadingDto {
    return body;
  }
}

@Module({
  controllers: [ReadingsController],
  providers: [
    {
      provide: STORE,
      useFactory: () => {
        throw new Error('the store was opened');
      },
    },
  ],
})
class ReadingsModule {}

@Module({
  imports: [ReadingsModule, RouterModule.register([{ path: 'sensors', module: ReadingsModule }])],
  controllers: [PingController],
})
class ServiceModule {}

const service: ServiceStartOptions = {
  name: 'sensors',
  module: ServiceModule,
  prefix: 'site-1',
  port: 1,
  mqttUrl: 'mqtt://nowhere:1883',
  transport: { transport: Transport.MQTT, options: { url: 'mqtt://nowhere:1883' } },
  api: { title: 'sensors', description: 'Readings.', version: '1' },
};

describe(previewOpenApiDocument.name, () => {
  it('documents every route below the prefix and the module paths, with its DTOs, without creating a provider', async () => {
    const document = await previewOpenApiDocument(service);

    // Every app gets the health route of `TelemetryModule`; its metrics route is not part of the API.
    expect(Object.keys(document.paths).sort()).toEqual([
      '/site-1/health',
      '/site-1/ping',
      '/site-1/sensors/readings/write',
    ]);
    expect(document.components?.schemas?.['ReadingDto']).toEqual({
      type: 'object',
      properties: { value: { type: 'number', description: 'Degrees Celsius.' } },
      required: ['value'],
    });
    expect(document.info).toMatchObject({ title: 'sensors', description: 'Readings.', version: '1' });
  });
});

describe(formatOpenApiDocument.name, () => {
  it('writes two-space JSON with the keys sorted at every level and a final newline', () => {
    const text = formatOpenApiDocument({
      paths: { '/b': {}, '/a': {} },
      openapi: '3.0.0',
      info: { version: '1', title: 't' },
    });
    expect(text).toBe(
      '{\n  "info": {\n    "title": "t",\n    "version": "1"\n  },\n  "openapi": "3.0.0",\n  "paths": {\n    "/a": {},\n    "/b": {}\n  }\n}\n',
    );
  });
});
