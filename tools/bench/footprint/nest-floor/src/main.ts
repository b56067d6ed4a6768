// The floor of bench:footprint (docs/performance.md, "Footprint"): an empty Nest application on
// Fastify that loads what every service loads (Nest, Fastify, Nest's MQTT client connected to the
// broker, class-validator through Nest's validation pipe, @nestjs/swagger's decorators) and answers
// one route; with FLOOR_STORE, it also opens the engine of a service's embedded store in memory
// (`sqlite`: node:sqlite, `duckdb`: @duckdb/node-api). Built and started as the services are
// (tools/build/build-app.mjs), so what a service holds above it is the service's own.
import 'reflect-metadata';
import { Body, Controller, Get, Module, Post, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientMqtt } from '@nestjs/microservices';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

class Echo {
  @ApiProperty()
  @IsString()
  text!: string;
}

@Controller('floor')
class FloorController {
  @Get('ping')
  ping(): { ok: true } {
    return { ok: true };
  }

  @Post('echo')
  echo(@Body() body: Echo): Echo {
    return body;
  }
}

@Module({ controllers: [FloorController] })
class FloorModule {}

/** What the floor holds for the process's life: its store engine and its broker connection. */
const held: unknown[] = [];

async function openStore(store: string | undefined): Promise<unknown> {
  if (store === 'sqlite') return new (await import('node:sqlite')).DatabaseSync(':memory:');
  if (store === 'duckdb') return (await (await import('@duckdb/node-api')).DuckDBInstance.create(':memory:')).connect();
  return undefined;
}

async function main(): Promise<void> {
  held.push(await openStore(process.env.FLOOR_STORE));
  const app = await NestFactory.create<NestFastifyApplication>(FloorModule, new FastifyAdapter(), {
    logger: ['error', 'warn'],
  });
  app.useGlobalPipes(new ValidationPipe());
  const broker = new URL(process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883');
  const client = new ClientMqtt({ url: '', host: broker.hostname, port: Number(broker.port || 1883) });
  await client.connect();
  held.push(client);
  await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
}

void main();
