import fc from 'fast-check';
import { FuzzBody, routeBodies } from './bodies';
import { send } from './requests';
import { Route } from './routes';

const CHUNK = 500;

/** What one route answered to its share of the volume phase. */
export interface RouteVolume {
  route: Route;
  statuses: Map<number, number>;
  /** Answers that break the rules: a 5xx but a documented 503, a 4xx without a message, no answer. */
  failures: string[];
  seconds: number;
}

/** Whether an error answer carries the `{statusCode, error, message}` body every service gives. */
function hasMessage(text: string): boolean {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return (typeof body.message === 'string' && body.message !== '') || Array.isArray(body.message);
  } catch {
    return false;
  }
}

/**
 * Sends `count` generated bodies to `route`, `concurrency` at a time, and sorts the answers: no
 * check of the state here (the step phase does that, one request at a time), only that every body
 * gets an answer that is not a 5xx (but a 503 the route documents), and that a 4xx says why.
 */
export async function fuzzRouteVolume(
  baseUrl: string,
  route: Route,
  count: number,
  seed: number,
  concurrency: number,
): Promise<RouteVolume> {
  const started = Date.now();
  const result: RouteVolume = { route, statuses: new Map(), failures: [], seconds: 0 };
  const arbitrary = routeBodies(route, { tooLarge: false });
  const one = async (body: FuzzBody) => {
    try {
      const answer = await send(baseUrl, route, body);
      result.statuses.set(answer.status, (result.statuses.get(answer.status) ?? 0) + 1);
      const documented503 = answer.status === 503 && route.statuses.includes(503);
      if (answer.status >= 500 && !documented503) {
        result.failures.push(`${answer.status} to ${body.strategy}: ${answer.text.slice(0, 300)}`);
      } else if (answer.status >= 400 && !hasMessage(answer.text)) {
        result.failures.push(`${answer.status} without a message to ${body.strategy}: ${answer.text.slice(0, 300)}`);
      }
    } catch (error) {
      result.failures.push(`no answer to ${body.strategy}: ${(error as Error).message}`);
    }
  };
  for (let sent = 0, chunk = 0; sent < count && result.failures.length < 10; chunk++) {
    const bodies = fc.sample(arbitrary, { seed: seed + chunk, numRuns: Math.min(CHUNK, count - sent) });
    sent += bodies.length;
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < bodies.length) await one(bodies[next++]);
      }),
    );
  }
  result.seconds = (Date.now() - started) / 1000;
  return result;
}
