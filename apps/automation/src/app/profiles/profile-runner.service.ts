import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  nextChangeAt,
  PLAN_UNIT,
  plannedLine,
  PlanPoint,
  Profile,
  ProfilePosition,
  PROFILES_NAMESPACE,
  quantityIn,
  settingAt,
  startedAtMs,
} from '@eventcast/automation-model';
import { type Block, BadRequestError, type DatastoreDocument, historyTopic, NotFoundError } from '@eventcast/domain';
import { EventPublisher } from '@eventcast/messaging';
import { BlockPatcher } from '../blocks/block-patcher.service';
import { AutomationDocuments } from '../documents/automation-documents.service';

/** How far (degC) the setting moves before it is patched again: below what a brewer reads off a fridge. */
export const PATCH_TOLERANCE_DEGC = 0.05;
/** How soon a patch that could not be published (the broker away) is tried again. */
export const RETRY_MS = 1000;
/** The key of the history events of the planned settings: fields `automation/profiles/<id>/planned[degC]`. */
export const PLANNED_HISTORY_KEY = 'automation';
/** The longest wait a Node.js timer takes; a longer one is cut into such waits. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A profile as a datastore document. */
export type ProfileDocument = Profile & DatastoreDocument;

/** A profile's planned line, as the plan route answers it. */
export interface ProfilePlan {
  id: string;
  /** The unit of every setting. */
  unit: typeof PLAN_UNIT;
  startedAt?: string;
  points: PlanPoint[];
}

/**
 * Runs the fermentation profiles: for each profile with `startedAt`, patches its
 * SetpointSensorPair's `storedSetting` to the setting the clock says, from the start on: when it
 * starts or changes, whenever the setting has moved by 0.05 °C or a step begins (one timer per
 * profile, set to that moment), until a patch that could not be published goes through, and when
 * its controller is seen again (back after a restart or a lost state, or its state delivered anew
 * after the broker came back) with another setting. It never replays steps: every patch is the
 * clock's setting, so a restart of this service, the controller or the broker resumes where the
 * plan is now. Each patch also publishes the planned setting as a history event.
 */
@Injectable()
export class ProfileRunner implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ProfileRunner.name);
  /** What was last patched, by profile id. */
  private readonly applied = new Map<string, ProfilePosition>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Counts the runs of each profile, so a run that waited on the broker leaves its timer to a newer one. */
  private readonly runs = new Map<string, number>();
  /** Whether each controller was online at its last state event. */
  private readonly online = new Map<string, boolean>();
  private stopListening?: () => void;

  constructor(
    private readonly documents: AutomationDocuments,
    private readonly patcher: BlockPatcher,
    private readonly publisher: EventPublisher,
  ) {}

  onModuleInit(): void {
    this.stopListening = this.documents.onChange((namespace, id) => {
      if (namespace === PROFILES_NAMESPACE) void this.run(id, true);
    });
  }

  onApplicationShutdown(): void {
    this.stopListening?.();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Starts the profile `id` at `atMs` (now unless given; its first setting is applied from then), restarting it if it runs. */
  async start(id: string, atMs = Date.now()): Promise<ProfileDocument> {
    const profile = await this.profile(id);
    const started = { ...profile, startedAt: new Date(atMs).toISOString() };
    if (settingAt(started, atMs) === undefined)
      throw new BadRequestError([`profile ${id} has no steps, or a setting that is not a temperature: nothing to run`]);
    return (await this.documents.save(started)) as ProfileDocument;
  }

  /** Stops the profile `id`; the block keeps the setting it was last given. */
  async stop(id: string): Promise<ProfileDocument> {
    const { startedAt: _stopped, ...profile } = await this.profile(id);
    return (await this.documents.save(profile)) as ProfileDocument;
  }

  /** The planned line of the profile `id`, from its start (from 0 while it is stopped). */
  async plan(id: string): Promise<ProfilePlan> {
    const profile = await this.profile(id);
    return {
      id,
      unit: PLAN_UNIT,
      ...(profile.startedAt !== undefined && { startedAt: profile.startedAt }),
      points: plannedLine(profile),
    };
  }

  /**
   * Takes a state event of the controller `serviceId`: `blocks` while it is online, null when it
   * is gone. `retained` when the broker handed over the state it kept (a new subscription: this
   * service started or the broker came back). A controller seen again gets the clock's setting
   * for each of its running profiles whose block shows another.
   */
  followController(serviceId: string, blocks: readonly Block[] | null, retained: boolean): void {
    const wasOnline = this.online.get(serviceId) === true;
    this.online.set(serviceId, blocks !== null);
    if (blocks === null || (wasOnline && !retained)) return;
    const now = Date.now();
    for (const profile of this.runningProfiles()) {
      if (profile.serviceId !== serviceId) continue;
      const position = settingAt(profile, now);
      if (position === undefined || now < (startedAtMs(profile) ?? now)) continue;
      const shown = storedSettingOf(blocks, profile.blockId);
      if (shown === undefined || Math.abs(shown - position.setting) >= PATCH_TOLERANCE_DEGC)
        void this.run(profile.id, true);
    }
  }

  /** Patches the profile `id` if `force`d or its setting moved enough, and sets its timer to the next such moment. */
  private async run(id: string, force: boolean): Promise<void> {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    const run = (this.runs.get(id) ?? 0) + 1;
    this.runs.set(id, run);
    const profile = this.runningProfiles().find((candidate) => candidate.id === id);
    const now = Date.now();
    const position = profile && settingAt(profile, now);
    if (profile === undefined || position === undefined) {
      this.applied.delete(id);
      return;
    }
    const startMs = startedAtMs(profile) as number;
    if (now < startMs) return this.wakeAt(id, startMs, force);
    const last = this.applied.get(id);
    if (force || last === undefined || moved(last, position)) {
      this.applied.set(id, position);
      const patched = await this.patch(profile, position);
      if (this.runs.get(id) !== run) return;
      if (!patched) {
        this.applied.delete(id);
        return this.wakeAt(id, Date.now() + RETRY_MS, true);
      }
    }
    const next = nextChangeAt(profile, now, PATCH_TOLERANCE_DEGC);
    if (next !== undefined) this.wakeAt(id, next, false);
  }

  private wakeAt(id: string, atMs: number, force: boolean): void {
    const delay = Math.max(0, atMs - Date.now());
    const wake = delay > MAX_TIMER_MS ? () => this.wakeAt(id, atMs, force) : () => void this.run(id, force);
    this.timers.set(id, setTimeout(wake, Math.min(delay, MAX_TIMER_MS)));
  }

  private async patch(profile: Profile, position: ProfilePosition): Promise<boolean> {
    const setting = Math.round(position.setting * 1000) / 1000;
    const patched = await this.patcher.patch(
      {
        serviceId: profile.serviceId,
        id: profile.blockId,
        type: 'SetpointSensorPair',
        data: { storedSetting: { __objtype: 'Quantity', unit: PLAN_UNIT, value: setting } },
      },
      `automation profile ${profile.title}`,
    );
    if (!patched) return false;
    const step = `step ${position.stepIndex + 1} of ${profile.steps.length}${position.done ? ', done' : ''}`;
    this.logger.log(`profile ${profile.id}: ${profile.blockId} on ${profile.serviceId} set to ${setting} °C (${step})`);
    await this.publisher.publish(historyTopic(PLANNED_HISTORY_KEY), {
      key: PLANNED_HISTORY_KEY,
      data: { profiles: { [profile.id]: { [`planned[${PLAN_UNIT}]`]: setting } } },
    });
    return true;
  }

  /** The profile `id`, or a `NotFoundError`. */
  private async profile(id: string): Promise<ProfileDocument> {
    const document = await this.documents.findFresh(PROFILES_NAMESPACE, id);
    if (document === undefined) throw new NotFoundError(`profile ${id} does not exist`);
    if (!isProfile(document))
      throw new BadRequestError([
        `profile ${id} lacks a title, serviceId, blockId or steps with settings and durations`,
      ]);
    return document;
  }

  private runningProfiles(): ProfileDocument[] {
    return this.documents
      .documents(PROFILES_NAMESPACE)
      .filter(isProfile)
      .filter((profile) => startedAtMs(profile) !== undefined);
  }
}

function moved(last: ProfilePosition, now: ProfilePosition): boolean {
  return (
    now.stepIndex !== last.stepIndex ||
    now.done !== last.done ||
    // Less a hair, so the timer set for the moment it has moved by the tolerance finds it so.
    Math.abs(now.setting - last.setting) >= PATCH_TOLERANCE_DEGC - 1e-9
  );
}

/** The `storedSetting` of the block `blockId` in degC, or undefined when it has none. */
function storedSettingOf(blocks: readonly Block[], blockId: string): number | undefined {
  const stored = blocks.find((block) => block.id === blockId)?.data?.storedSetting as
    { value?: unknown; unit?: unknown } | undefined;
  if (typeof stored?.value !== 'number') return undefined;
  return quantityIn(
    { value: stored.value, unit: typeof stored.unit === 'string' ? stored.unit : undefined },
    PLAN_UNIT,
  );
}

/** Whether a document has what the runner needs of a profile (the model's validation says more). */
function isProfile(document: DatastoreDocument): document is ProfileDocument {
  const { serviceId, blockId, title, steps } = document as Partial<Profile>;
  return (
    typeof serviceId === 'string' &&
    typeof blockId === 'string' &&
    typeof title === 'string' &&
    Array.isArray(steps) &&
    steps.every((step) => typeof step?.setting?.value === 'number' && typeof step.durationS === 'number')
  );
}
