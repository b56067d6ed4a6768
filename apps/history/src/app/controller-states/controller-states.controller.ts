import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ValidatedBodyPipe } from '@eventcast/bootstrap';
import { ControllerRemoval } from './controller-removal.service';
import { EXAMPLES } from './controller-states.examples';
import { RemoveControllerDto } from './dto/remove-controller.dto';
import { RemovedControllerDto } from './dto/removed-controller.dto';

/** The controllers on the bus, below `/history/controllers`. */
@ApiTags('controllers')
@Controller()
export class ControllerStatesController {
  constructor(private readonly removal: ControllerRemoval) {}

  /**
   * Removes an offline controller for good: clears its retained state (its last will) on the broker,
   * so that it leaves every page's list of controllers.
   */
  @Post('remove')
  @HttpCode(200)
  @ApiBody({ type: RemoveControllerDto, examples: { 'an offline controller': { value: EXAMPLES.remove } } })
  @ApiOkResponse({ type: RemovedControllerDto, example: EXAMPLES.removeAnswer })
  @ApiBadRequestResponse({ description: 'The body is invalid; the message names the field at fault' })
  @ApiNotFoundResponse({ description: 'No controller of that service id has a state on the broker' })
  @ApiConflictResponse({ description: 'The controller is online; nothing was changed' })
  @ApiServiceUnavailableResponse({
    description: 'The history service is not connected to the broker; nothing was changed',
  })
  async remove(
    @Body(new ValidatedBodyPipe(RemoveControllerDto)) body: RemoveControllerDto,
  ): Promise<RemovedControllerDto> {
    return { removed: await this.removal.remove(body.serviceId) };
  }
}
