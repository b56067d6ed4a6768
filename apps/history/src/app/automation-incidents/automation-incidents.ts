import { Injectable } from '@nestjs/common';
import { incidentEventOf, type IncidentEvent } from '@eventcast/automation-model';
import { AUTOMATION_TOPIC } from '@eventcast/domain';
import { BusRelay } from '../live/bus-relay';

/** The topics of the automation service's incident events. */
export const INCIDENTS_SUBSCRIPTION = `${AUTOMATION_TOPIC}/incidents/#`;

/**
 * The automation service's incident events (`eventcast/automation/incidents/#`), passed on to the
 * pages that follow the `incidents` feed as they come; nothing is kept, since a page reads the
 * incidents themselves from the automation service. A payload that is not an incident event is
 * passed over, as the datastore's changes are.
 */
@Injectable()
export class AutomationIncidents extends BusRelay<IncidentEvent> {
  /** A message of `eventcast/automation/incidents/#`, its payload as text. */
  receive(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const event = incidentEventOf(parsed);
    if (event) this.relay(event);
  }
}
