import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, MqttContext, Payload } from '@nestjs/microservices';
import { STATE_TOPIC } from '@eventcast/domain';
import { isRetainedDelivery } from '@eventcast/messaging';
import { BUS_QOS } from '../bus-qos';
import { controllerBlocksOf, serviceIdOfStateTopic } from './controller-state.util';
import { ProfileRunner } from './profile-runner.service';

/** Follows the controllers' state events, so a profile's setting is applied again where a controller comes back. */
@Controller()
export class ProfilesConsumer {
  constructor(private readonly runner: ProfileRunner) {}

  @EventPattern(`${STATE_TOPIC}/+`, BUS_QOS)
  onControllerState(@Payload() payload: unknown, @Ctx() context: MqttContext): void {
    const blocks = controllerBlocksOf(payload);
    if (blocks === undefined) return;
    this.runner.followController(serviceIdOfStateTopic(context.getTopic()), blocks, isRetainedDelivery(context));
  }
}
