import { Module } from '@nestjs/common';
import { ControllerStatesModule } from '../../app/controller-states/controller-states.module';
import { MqttControllerStateFeed } from './mqtt-controller-state-feed';

/** The broker subscription that keeps `ControllerStates` current. */
@Module({
  imports: [ControllerStatesModule],
  providers: [MqttControllerStateFeed],
})
export class ControllerStateFeedModule {}
