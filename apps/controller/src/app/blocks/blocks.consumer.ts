import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { mainProblems } from '@eventcast/bootstrap';
import {
  BadRequestError,
  BlockDto,
  BlockOperation,
  blockTopic,
  ChangeOrigin,
  changeOrigin,
  validateDto,
} from '@eventcast/domain';
import { ControllerConfig } from '../../config/controller.config';
import { BlocksService } from './blocks.service';
import { BlockAddressDto } from './dto/block-address.dto';

/** The origin of a change an MQTT command makes: who, when its `origin` field says so. */
function mqttOrigin(payload: unknown): ChangeOrigin {
  return changeOrigin('mqtt', (payload as { origin?: unknown }).origin);
}

/**
 * The MQTT block API: create, write, patch and delete with the arguments of their REST
 * counterparts. Several controller services share these topics: a message addressed to another
 * service is ignored. An invalid message, or one the block model or device refuses, throws; the
 * global `DomainErrorFilter` logs and counts it, and nothing changes.
 */
@Controller()
export class BlocksConsumer {
  constructor(
    @Inject(ControllerConfig) private readonly config: ControllerConfig,
    private readonly blocks: BlocksService,
  ) {}

  @EventPattern(blockTopic('create'), { qos: 1 })
  async onCreate(@Payload() payload: unknown): Promise<void> {
    const block = this.addressedHere('create', payload, BlockDto);
    if (block) await this.blocks.create(block, mqttOrigin(payload));
  }

  @EventPattern(blockTopic('write'), { qos: 1 })
  async onWrite(@Payload() payload: unknown): Promise<void> {
    const block = this.addressedHere('write', payload, BlockDto);
    if (block) await this.blocks.write(block, mqttOrigin(payload));
  }

  @EventPattern(blockTopic('patch'), { qos: 1 })
  async onPatch(@Payload() payload: unknown): Promise<void> {
    const block = this.addressedHere('patch', payload, BlockDto);
    if (block) await this.blocks.patch(block, mqttOrigin(payload));
  }

  @EventPattern(blockTopic('delete'), { qos: 1 })
  async onDelete(@Payload() payload: unknown): Promise<void> {
    const address = this.addressedHere('delete', payload, BlockAddressDto);
    if (address) await this.blocks.delete(address.id, mqttOrigin(payload));
  }

  /** The message's body when it is for this service (undefined when for another); throws a `BadRequestError` when invalid. */
  private addressedHere<T extends object>(
    operation: BlockOperation,
    payload: unknown,
    dto: new () => T,
  ): T | undefined {
    const serviceId = (payload as { serviceId?: unknown } | null)?.serviceId;
    if (typeof serviceId === 'string' && serviceId !== this.config.serviceId) return undefined;
    const validated = validateDto(dto, payload, mainProblems);
    if (!validated.ok) throw new BadRequestError(`an invalid ${operation} message: ${validated.problems.join('; ')}`);
    return payload as T;
  }
}
