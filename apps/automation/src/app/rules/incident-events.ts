import { Injectable } from '@nestjs/common';
import { Incident, IncidentEvent, IncidentEventType } from '@eventcast/automation-model';
import { incidentsTopic } from '@eventcast/domain';
import { EventPublisher } from '@eventcast/messaging';

/**
 * Announces every change of an incident on the bus, for the web app's incidents and anyone
 * listening. Best effort, as the other services' events are: the incidents route is the record.
 */
@Injectable()
export class IncidentEvents {
  constructor(private readonly publisher: EventPublisher) {}

  opened(incident: Incident): Promise<boolean> {
    return this.announce('opened', incident);
  }

  closed(incident: Incident): Promise<boolean> {
    return this.announce('closed', incident);
  }

  acknowledged(incident: Incident): Promise<boolean> {
    return this.announce('acknowledged', incident);
  }

  private announce(type: IncidentEventType, incident: Incident): Promise<boolean> {
    const event: IncidentEvent = { type, incident };
    return this.publisher.publish(incidentsTopic(incident.ruleId), event);
  }
}
