import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { changeOrigin, ORIGIN_HEADER, ORIGIN_MAX_LENGTH } from '@eventcast/domain';

/** The origin of a change made through a REST route: who made it, when its `Eventcast-Origin` header says so. */
export const RestOrigin = createParamDecorator((_: unknown, context: ExecutionContext) =>
  changeOrigin(
    'rest',
    context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers[ORIGIN_HEADER],
  ),
);

/** Documents the `Eventcast-Origin` header of the routes that change blocks. */
export const ApiOriginHeader = () =>
  ApiHeader({
    name: 'Eventcast-Origin',
    required: false,
    description: `Who makes the change (at most ${ORIGIN_MAX_LENGTH} characters, e.g. \`quick action Cold crash\`), named in the change event (docs/events.md).`,
  });
