import { useCallback, useEffect, useState } from 'preact/hooks';
import { dataOf } from '../../services/api';
import { useConnection } from '../services-context';
import { hardwareOf, type ControllerHardware } from './controller-hardware';

/** The controller's hardware as the wizards offer it, or why it could not be read. */
export type HardwareRead =
  { state: 'reading' } | { state: 'read'; hardware: ControllerHardware } | { state: 'failed'; message: string };

/**
 * What the controller `serviceId` has for a wizard: discovery first, so that sensors plugged in
 * since show, then its blocks; again with each `reread()`.
 */
export function useHardware(serviceId: string): { read: HardwareRead; reread: () => void } {
  const { services } = useConnection();
  const [read, setRead] = useState<HardwareRead>({ state: 'reading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    const controller = services.controller(serviceId);
    setRead({ state: 'reading' });
    dataOf(controller.POST('/blocks/discover'))
      .then(() => dataOf(controller.POST('/blocks/all/read')))
      .then(
        (blocks) => current && setRead({ state: 'read', hardware: hardwareOf(blocks) }),
        (error: unknown) =>
          current && setRead({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [services, serviceId, generation]);
  const reread = useCallback(() => setGeneration((n) => n + 1), []);
  return { read, reread };
}
