import { useEffect, useRef, useState } from 'preact/hooks';
import { followIncidents } from '@eventcast/live-stream';
import type { Incident, IncidentEvent } from '@eventcast/automation-model';
import { useConnection } from '../services-context';
import { acknowledgeIncident, listIncidents } from './automation-calls';
import { INCIDENTS_SHOWN, withIncidentEvent } from './incident-list';

export interface Incidents {
  incidents: Incident[];
  /** The incidents feed is open: every change shows as it happens. */
  live: boolean;
  problem: string;
  acknowledge: (incident: Incident, by: string) => Promise<void>;
}

/**
 * The latest incidents, newest first, kept current by the incidents feed of the page's stream:
 * each event changes the list at once and reads it again (a read in flight may answer from before
 * the event), and each opening of the stream reads it anew, since events are not sent again.
 * `onOpened` hears each incident that opens while the page is open.
 */
export function useIncidents(onOpened: (incident: Incident) => void): Incidents {
  const { services, stream } = useConnection();
  const [incidents, setIncidents] = useState<Incident[]>([]);
  const [live, setLive] = useState(false);
  const [problem, setProblem] = useState('');
  const [generation, setGeneration] = useState(0);
  const opened = useRef(onOpened);
  opened.current = onOpened;

  useEffect(() => {
    let current = true;
    listIncidents(services, INCIDENTS_SHOWN)
      .then((values) => {
        if (!current) return;
        setIncidents(values);
        setProblem('');
      })
      .catch((error: Error) => current && setProblem(`Could not list the incidents: ${error.message}`));
    return () => {
      current = false;
    };
  }, [services, generation]);

  useEffect(
    () =>
      followIncidents(stream, {
        onOpenChange: (open) => {
          setLive(open);
          if (open) setGeneration((n) => n + 1);
        },
        onIncident: (event: IncidentEvent) => {
          setIncidents((known) => withIncidentEvent(known, event));
          setGeneration((n) => n + 1);
          if (event.type === 'opened') opened.current(event.incident);
        },
      }),
    [stream],
  );

  const acknowledge = async (incident: Incident, by: string) => {
    const value = await acknowledgeIncident(services, incident.id, by);
    setIncidents((known) => withIncidentEvent(known, { type: 'acknowledged', incident: value }));
  };
  return { incidents, live, problem, acknowledge };
}
