import { Quantity } from '../automation.types';
import { differenceIn, quantityIn } from '../field-units';
import { valueText } from './trigger-text';

/** The threshold part of a threshold or block trigger. */
export interface ThresholdSpec {
  when: 'above' | 'below';
  threshold: Quantity;
  hysteresis?: Quantity;
}

/** Whether a value is past the threshold, and whether it is back far enough to clear a firing trigger. */
export interface ThresholdVerdict {
  breached: boolean;
  recovered: boolean;
}

/**
 * A threshold and its hysteresis as numbers in one unit. A value is past it when strictly above
 * (below) it; a firing trigger clears when the value is back at or below `threshold - hysteresis`
 * (at or above `threshold + hysteresis`), so that a noisy value around the threshold does not flap.
 */
export class ThresholdBand {
  private readonly clearsAt: number;

  constructor(
    private readonly when: 'above' | 'below',
    private readonly threshold: number,
    hysteresis: number,
    private readonly unit?: string,
  ) {
    this.clearsAt = when === 'above' ? threshold - hysteresis : threshold + hysteresis;
  }

  verdict(value: number): ThresholdVerdict {
    return this.when === 'above'
      ? { breached: value > this.threshold, recovered: value <= this.clearsAt }
      : { breached: value < this.threshold, recovered: value >= this.clearsAt };
  }

  /** `23.4, above 22` */
  pastText(value: number): string {
    return `${valueText(value, this.unit)}, ${this.when} ${valueText(this.threshold, this.unit)}`;
  }

  /** `21.4, back at or below 21.5` */
  backText(value: number): string {
    const side = this.when === 'above' ? 'below' : 'above';
    return `${valueText(value, this.unit)}, back at or ${side} ${valueText(this.clearsAt, this.unit)}`;
  }
}

/**
 * The band of `spec` in `unit`, its threshold and hysteresis converted into it, or undefined when
 * they do not fit it. Its sentences write `label` after each number, when given.
 */
export function thresholdBand(
  spec: ThresholdSpec,
  unit: string | undefined,
  label?: string,
): ThresholdBand | undefined {
  const threshold = quantityIn(spec.threshold, unit);
  const hysteresis = spec.hysteresis === undefined ? 0 : differenceIn(spec.hysteresis, unit);
  if (threshold === undefined || hysteresis === undefined) return undefined;
  return new ThresholdBand(spec.when, threshold, hysteresis, label);
}

/** `spec` with the units of its numbers left out, for a value that has none. */
export function unitlessSpec(spec: ThresholdSpec): ThresholdSpec {
  return {
    when: spec.when,
    threshold: { value: spec.threshold.value },
    hysteresis: spec.hysteresis && { value: spec.hysteresis.value },
  };
}
