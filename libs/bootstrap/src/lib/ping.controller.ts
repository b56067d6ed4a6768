import { Controller, Get, Inject, Optional } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { StoreUnavailableError } from '@eventcast/domain';

/** What a service depends on to answer requests; `check` rejects with the reason when it is down. */
export interface ServiceHealth {
  check(): Promise<void>;
}

export const SERVICE_HEALTH = Symbol('ServiceHealth');

/** The answer of a healthy service to `GET .../ping`. */
export class PongDto {
  /** Always `pong`. */
  @ApiProperty({ enum: ['pong'], example: 'pong' })
  ping!: 'pong';
}

/** `GET <prefix>/ping`: `{"ping": "pong"}`, or 503 naming what is down. */
@ApiTags('ping')
@Controller()
export class PingController {
  constructor(@Optional() @Inject(SERVICE_HEALTH) private readonly health?: ServiceHealth) {}

  @Get('ping')
  @ApiOkResponse({ type: PongDto, example: { ping: 'pong' } })
  @ApiServiceUnavailableResponse({ description: 'A store the service depends on is unreachable' })
  async ping(): Promise<PongDto> {
    try {
      await this.health?.check();
    } catch (error) {
      throw new StoreUnavailableError(error instanceof Error ? error.message : String(error));
    }
    return { ping: 'pong' };
  }
}
