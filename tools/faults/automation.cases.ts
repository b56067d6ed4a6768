import { automationKillCase } from './automation/automation-kill.case';
import { brokerAwayCase } from './automation/broker-away.case';
import { webhookOutageCase } from './automation/webhook-outage.case';
import { FaultCase } from './fault-case';

/** The automation service's cases, in the order they run. */
export const AUTOMATION_CASES: FaultCase[] = [brokerAwayCase, webhookOutageCase, automationKillCase];
