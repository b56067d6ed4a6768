import { useEffect, useState } from 'preact/hooks';
import type { Observation } from '@eventcast/automation-model';
import { unitVariants } from '../../common/unit-variants';
import { dataOf } from '../../services/api';
import { useConnection } from '../services-context';
import { observationsOf, PREVIEW_POINTS, PREVIEW_SPAN_MS } from './rule-preview';

export interface FieldHistory {
  observations: Observation[];
  fromMs: number;
  toMs: number;
  loading: boolean;
  problem: string;
}

/** The last 24 h of `field` (every stored name of it, in its unit), read once per field chosen; nothing for no field. */
export function useFieldHistory(field: string): FieldHistory {
  const { services } = useConnection();
  const [history, setHistory] = useState<FieldHistory>({
    observations: [],
    fromMs: 0,
    toMs: 0,
    loading: false,
    problem: '',
  });
  useEffect(() => {
    if (field === '') return;
    let current = true;
    const toMs = Date.now();
    const fromMs = toMs - PREVIEW_SPAN_MS;
    setHistory({ observations: [], fromMs, toMs, loading: true, problem: '' });
    const body = { fields: unitVariants(field), start: fromMs, end: toMs, points: PREVIEW_POINTS };
    dataOf(services.history.POST('/timeseries/ranges', { body }))
      .then((series) => {
        if (!current) return;
        const observations = observationsOf(series, field);
        setHistory({ observations, fromMs, toMs, loading: false, problem: '' });
      })
      .catch((error: Error) => {
        if (current) setHistory({ observations: [], fromMs, toMs, loading: false, problem: error.message });
      });
    return () => {
      current = false;
    };
  }, [services, field]);
  return history;
}
