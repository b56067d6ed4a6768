import { Module } from '@nestjs/common';
import { ControllerRemoval } from './controller-removal.service';
import { ControllerStatesController } from './controller-states.controller';
import { ControllerStatesGateway } from './controller-states.gateway';
import { ControllerStates } from './controller-states.service';

/**
 * The controllers' state and patch events, relayed to browsers over the WebSocket
 * `/history/controllers/stream`, and the removal of an offline controller below `/history/controllers`
 * (through the `ControllerStateBus` the broker connection provides).
 */
@Module({
  controllers: [ControllerStatesController],
  providers: [ControllerStates, ControllerStatesGateway, ControllerRemoval],
  exports: [ControllerStates],
})
export class ControllerStatesModule {}
