import { brokerAwayCase } from './controller/broker-away.case';
import { controllerKillCase } from './controller/controller-kill.case';
import { FaultCase } from './fault-case';

/** The controller's cases, in the order they run. */
export const CONTROLLER_CASES: FaultCase[] = [controllerKillCase, brokerAwayCase];
