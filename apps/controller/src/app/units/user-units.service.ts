import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ServiceReadiness } from '@eventcast/bootstrap';
import { TemperatureUnit, temperatureUnitOf, UNITS_ID, UNITS_NAMESPACE } from '@eventcast/block-model';
import { Datastore } from '../ports/datastore.port';
import { temperatureProblemOf } from './user-units';

const RETRY_MS = 2000;

/**
 * The user's temperature unit: read from the datastore at start-up (again every 2 s until the
 * datastore answers), then followed live through the datastore's change events. A temperature the
 * controller cannot use counts as degC: it is logged once per distinct value, and named in the
 * health answer's `warnings` for as long as the document holds it.
 */
@Injectable()
export class UserUnitsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(UserUnitsService.name);
  private unit: TemperatureUnit = 'degC';
  private retry?: NodeJS.Timeout;
  private live = false;
  private warned = false;
  private readonly listeners: Array<(unit: TemperatureUnit) => void> = [];
  private problem?: string;
  private readonly loggedProblems = new Set<string>();

  constructor(
    @Inject(Datastore) private readonly datastore: Datastore,
    readiness: ServiceReadiness,
  ) {
    readiness.warn('units', () => this.problem);
  }

  /** The unit reads, state and history events give temperatures in. */
  get temperature(): TemperatureUnit {
    return this.unit;
  }

  /** Calls `listener` with the new unit whenever the user's temperature unit changes. */
  onChange(listener: (unit: TemperatureUnit) => void): void {
    this.listeners.push(listener);
  }

  /** Start-up waits for the first read (one datastore call), so the first answers are in the user's unit. */
  async onApplicationBootstrap(): Promise<void> {
    await this.load();
  }

  onApplicationShutdown(): void {
    clearTimeout(this.retry);
  }

  /** Applies the units document of a change event (null: it was deleted). */
  follow(document: unknown): void {
    this.live = true;
    clearTimeout(this.retry);
    this.read(document);
  }

  private async load(): Promise<void> {
    try {
      const document = await this.datastore.get(UNITS_NAMESPACE, UNITS_ID);
      if (!this.live) this.read(document);
      if (this.warned) this.logger.log(`read the user's units from the datastore: ${this.unit}`);
    } catch (error) {
      if (!this.warned) {
        this.logger.warn(
          `could not read the user's units, using ${this.unit} until the datastore answers: ${(error as Error).message}`,
        );
      }
      this.warned = true;
      this.retry = setTimeout(() => void this.load(), RETRY_MS);
    }
  }

  private read(document: unknown): void {
    this.problem = temperatureProblemOf(document);
    if (this.problem !== undefined && !this.loggedProblems.has(this.problem)) {
      this.loggedProblems.add(this.problem);
      this.logger.warn(this.problem);
    }
    this.apply(temperatureUnitOf(document));
  }

  private apply(unit: TemperatureUnit): void {
    if (unit === this.unit) return;
    this.logger.log(`temperatures now in ${unit}`);
    this.unit = unit;
    for (const listener of this.listeners) listener(unit);
  }
}
