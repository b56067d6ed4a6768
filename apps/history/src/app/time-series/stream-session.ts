import { mainProblems, ValidatedBodyPipe, wsErrorFrame } from '@eventcast/bootstrap';
import { BadRequestError, validateDto } from '@eventcast/domain';
import type { HistoryFrame, LiveFeed } from '@eventcast/live-stream';
import { relayTo } from '../live/bus-relay';
import type { LiveFeeds } from '../live/live-feeds';
import { MetricsQueryDto } from './dto/metrics-query.dto';
import { RangesQueryDto } from './dto/ranges-query.dto';
import { StreamCommandDto } from './dto/stream-command.dto';
import { LiveRanges } from './live-ranges';
import { TimeSeriesService } from './time-series.service';

/** A live `metrics` query is read again at most this often, and only after new values were stored. */
export const LIVE_UPDATE_MS = 1_000;

/** What a client's running query is told: new values were stored, or the client stopped it. */
interface Running {
  changed(): void;
  stop(): void;
}

/** A running query of one client: answered once, then again after new data while it is open-ended. */
class RunningQuery implements Running {
  private stopped = false;
  private scheduled?: NodeJS.Timeout;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly id: string,
    private readonly live: boolean,
    private readonly read: () => Promise<unknown>,
    private readonly send: (message: HistoryFrame) => void,
  ) {
    this.push();
  }

  /** New values were stored: read again within `LIVE_UPDATE_MS`, once however many arrive meanwhile. */
  changed(): void {
    if (!this.live || this.stopped || this.scheduled) return;
    this.scheduled = setTimeout(() => {
      this.scheduled = undefined;
      this.push();
    }, LIVE_UPDATE_MS);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.scheduled);
  }

  /** Resolves once the answers asked for so far were sent. */
  get sent(): Promise<void> {
    return this.sending;
  }

  /** Reads and sends, one read at a time so answers keep their order. */
  private push(): void {
    this.sending = this.sending.then(async () => {
      if (this.stopped) return;
      try {
        const data = await this.read();
        if (!this.stopped) this.send({ id: this.id, data });
      } catch (error) {
        if (!this.stopped) this.send(wsErrorFrame(error, this.id));
      }
    });
  }
}

/**
 * The queries and feeds of one WebSocket client. Commands are `{id, command, query}`: `ranges` and
 * `metrics` answer `{id, data}` as their HTTP twins do, then send updates while the query is
 * open-ended (`ranges` that run to now: the buckets each write touched, which replace buckets of the
 * same time, see `LiveRanges`; `metrics`: the whole answer again); `{id, command: 'follow', feed}`
 * sends each event of the feed as `{id, data}` (the controllers' latest states first), and calls
 * `brokerLost` when the feed's relay does not follow the broker; `stop` ends what runs under that
 * id; a command with the id of a running one replaces it. A message that is not a valid command
 * gets `{id?, error}` and changes nothing else.
 */
export class StreamSession {
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly timeseries: TimeSeriesService,
    private readonly liveRanges: LiveRanges,
    private readonly send: (message: HistoryFrame) => void,
    private readonly feeds?: LiveFeeds,
    private readonly brokerLost: () => void = () => undefined,
  ) {}

  /** Runs one message of the client; whatever is wrong with it gets an error frame and changes nothing else. */
  receive(text: string): void {
    let message: unknown;
    try {
      message = parsed(text);
      this.run(commandOf(message));
    } catch (error) {
      this.send(wsErrorFrame(error, idOf(message)));
    }
  }

  /** New values were stored (live `ranges` hear of it from `LiveRanges`). */
  changed(): void {
    for (const query of this.running.values()) query.changed();
  }

  close(): void {
    for (const query of this.running.values()) query.stop();
    this.running.clear();
  }

  private run({ id, command, query = {}, feed }: StreamCommandDto): void {
    this.running.get(id)?.stop();
    this.running.delete(id);
    if (command === 'stop') return;
    if (command === 'follow') return this.follow(id, feed as LiveFeed);
    this.running.set(id, command === 'ranges' ? this.ranges(id, query) : this.metrics(id, query));
  }

  /** Answers `following`, then sends the feed's first events and each one after; none while the broker is lost. */
  private follow(id: string, feed: LiveFeed): void {
    const source = this.feeds?.[feed];
    if (!source) throw new BadRequestError(`feed ${feed} is not served here`);
    if (!source.relay.isFollowing) return this.brokerLost();
    this.send({ id, following: true });
    const stop = relayTo(source.relay, (data) => this.send({ id, data }), this.brokerLost, source.first?.());
    this.running.set(id, { changed: () => undefined, stop });
  }

  /** Answered once; one that runs to now is then kept live by `LiveRanges`, from after its first answer. */
  private ranges(id: string, body: Record<string, unknown>): Running {
    const plan = this.timeseries.planRanges(checked(RangesQueryDto, body));
    const first = new RunningQuery(
      id,
      false,
      () => this.timeseries.readRanges(plan, plan.fromUs, plan.toUs),
      this.send,
    );
    if (!plan.live) return first;
    const live = this.liveRanges.add({
      plan,
      deliver: (data) => this.send({ id, data }),
      fail: (error) => this.send(wsErrorFrame(error, id)),
    });
    void first.sent.then(live.ready);
    return {
      changed: () => undefined,
      stop: () => {
        first.stop();
        live.stop();
      },
    };
  }

  private metrics(id: string, body: Record<string, unknown>): Running {
    const query = checked(MetricsQueryDto, body);
    return new RunningQuery(id, true, () => this.timeseries.metrics(query), this.send);
  }
}

/** The query body as its DTO, or a `BadRequestError` naming each problem as the route of the same body does. */
function checked<T extends object>(dto: new () => T, body: Record<string, unknown>): T {
  try {
    return new ValidatedBodyPipe(dto).transform(body);
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    throw new BadRequestError(`query.${(error.problems ?? [error.message]).join('; query.')}`);
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError('the message is not JSON');
  }
}

/** The message as a command, or a `BadRequestError` naming each problem. */
function commandOf(message: unknown): StreamCommandDto {
  const command = validateDto(StreamCommandDto, message, mainProblems);
  if (!command.ok) throw new BadRequestError(command.problems);
  return command.value;
}

/** The id the message gave itself, when it is a string: error frames name it. */
function idOf(message: unknown): string | undefined {
  const id = (message as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
}
