import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError, StoreUnavailableError } from '@eventcast/domain';
import { ControllerStateBus } from '../ports/controller-state-bus.port';
import { ControllerStates } from './controller-states.service';

/**
 * Removes an offline controller from the bus for good: its retained state (its last will) is
 * cleared on the broker, so no page lists it again. An online controller is refused: it would
 * publish its state again within seconds.
 */
@Injectable()
export class ControllerRemoval {
  constructor(
    private readonly states: ControllerStates,
    private readonly bus: ControllerStateBus,
  ) {}

  /** Clears the retained state of the offline controller `serviceId`; returns its id. */
  async remove(serviceId: string): Promise<string> {
    if (!this.states.isFollowing) {
      throw new StoreUnavailableError('the history service is not connected to the broker; try again later');
    }
    const state = this.states.stateOf(serviceId);
    if (!state) throw new NotFoundError(`no controller ${serviceId} has a state on the broker`);
    if (state.data !== null) {
      throw new ConflictError(`${serviceId} is online: stop the controller first, then remove it`);
    }
    await this.bus.clearRetainedState(serviceId);
    return serviceId;
  }
}
