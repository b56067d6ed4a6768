import { Injectable } from '@nestjs/common';
import { ServiceMetrics } from './service-metrics';

/** How long one dependency may take to answer a readiness check before it counts as not ready. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

/** The state of one dependency of a service. */
export interface DependencyCheck {
  ok: boolean;
  /** Why it is not ready, when it is not. */
  detail?: string;
}

/** The readiness of a service: `ready` when every dependency is. */
export interface Readiness {
  status: 'ready' | 'not ready';
  checks: Record<string, DependencyCheck>;
  /** What the service does otherwise than it was asked to, e.g. a setting it could not use; only when there is some. */
  warnings?: string[];
}

/** What is wrong with a setting the service works around, or undefined when nothing is. */
export type ReadinessWarning = () => string | undefined;

/** A dependency check: resolves when it answers, rejects with the reason when it does not. */
export type ReadinessCheck = () => Promise<void>;

/**
 * The dependencies of one app, checked on demand by its health route: the broker (from the
 * subscribing MQTT connection) and what the service registers (its store, the datastore, ...).
 */
@Injectable()
export class ServiceReadiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private readonly warnings = new Map<string, ReadinessWarning>();

  constructor(private readonly metrics: ServiceMetrics) {
    this.register('broker', async () => {
      if (!this.metrics.brokerConnected) throw new Error('the MQTT connection is down');
    });
  }

  /** Adds (or replaces) the check of the dependency `name`. */
  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /**
   * Adds (or replaces) the warning `name`: a problem the service works around without being unready
   * (a setting it cannot use), which the health answer names while `warning` gives one.
   */
  warn(name: string, warning: ReadinessWarning): void {
    this.warnings.set(name, warning);
  }

  /** Runs every check at once, each within `READINESS_CHECK_TIMEOUT_MS`, and reads every warning. */
  async check(): Promise<Readiness> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => [name, await settle(check)] as const),
    );
    const checks = Object.fromEntries(entries);
    const ready = entries.every(([, result]) => result.ok);
    const warnings = [...this.warnings.values()].flatMap((warning) => warning() ?? []);
    return { status: ready ? 'ready' : 'not ready', checks, ...(warnings.length > 0 && { warnings }) };
  }
}

async function settle(check: ReadinessCheck): Promise<DependencyCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READINESS_CHECK_TIMEOUT_MS} ms`)),
      READINESS_CHECK_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([check(), timeout]);
    return { ok: true };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
