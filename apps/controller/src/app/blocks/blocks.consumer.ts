import { Controller, HttpException, Inject, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { BlockDto, BlockOperation, blockTopic, validateDto } from '@eventcast/domain';
import { ControllerConfig } from '../../config/controller.config';
import { BlocksService } from './blocks.service';
import { BlockAddressDto } from './dto/block-address.dto';

/**
 * The MQTT block API: create, write, patch and delete with the arguments of their REST
 * counterparts. Several controller services share these topics: a message addressed to another
 * service is ignored; an invalid one is logged and changes nothing.
 */
@Controller()
export class BlocksConsumer {
  private readonly logger = new Logger(BlocksConsumer.name);
  private refused = 0;

  constructor(
    @Inject(ControllerConfig) private readonly config: ControllerConfig,
    private readonly blocks: BlocksService,
  ) {}

  @EventPattern(blockTopic('create'), { qos: 1 })
  onCreate(@Payload() payload: unknown): Promise<void> {
    return this.handle('create', payload, BlockDto, (block) => this.blocks.create(block));
  }

  @EventPattern(blockTopic('write'), { qos: 1 })
  onWrite(@Payload() payload: unknown): Promise<void> {
    return this.handle('write', payload, BlockDto, (block) => this.blocks.write(block));
  }

  @EventPattern(blockTopic('patch'), { qos: 1 })
  onPatch(@Payload() payload: unknown): Promise<void> {
    return this.handle('patch', payload, BlockDto, (block) => this.blocks.patch(block));
  }

  @EventPattern(blockTopic('delete'), { qos: 1 })
  onDelete(@Payload() payload: unknown): Promise<void> {
    return this.handle('delete', payload, BlockAddressDto, (address) => this.blocks.delete(address.id));
  }

  private async handle<T extends object>(operation: BlockOperation, payload: unknown, dto: new () => T, apply: (body: T) => Promise<unknown>): Promise<void> {
    const serviceId = (payload as { serviceId?: unknown } | null)?.serviceId;
    if (typeof serviceId === 'string' && serviceId !== this.config.serviceId) return;
    const validated = validateDto(dto, payload);
    if (!validated.ok) return this.refuse(`an invalid ${operation} message on ${blockTopic(operation)}: ${validated.problems.join('; ')}`);
    try {
      await apply(payload as T);
    } catch (error) {
      const reason = error instanceof HttpException ? describe(error) : String(error);
      this.refuse(`${operation} of ${(payload as { id: string }).id}: ${reason}`);
    }
  }

  /** Messages refused since start-up: invalid, or an operation the block model or device refused. */
  get refusedCount(): number {
    return this.refused;
  }

  private refuse(what: string): void {
    this.refused += 1;
    this.logger.warn(`refused ${what} (${this.refused} refused since start)`);
  }
}

function describe(error: HttpException): string {
  const message = (error.getResponse() as { message?: unknown }).message ?? error.message;
  return Array.isArray(message) ? message.join('; ') : String(message);
}
