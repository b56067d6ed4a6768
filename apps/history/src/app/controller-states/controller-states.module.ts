import { Module } from '@nestjs/common';
import { ControllerStatesGateway } from './controller-states.gateway';
import { ControllerStates } from './controller-states.service';

/** The controllers' state and patch events, relayed to browsers over the WebSocket `/history/controllers/stream`. */
@Module({
  providers: [ControllerStates, ControllerStatesGateway],
  exports: [ControllerStates],
})
export class ControllerStatesModule {}
