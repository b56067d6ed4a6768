import { useEffect, useState } from 'preact/hooks';
import type { Incident } from '@eventcast/automation-model';
import { notifiesInBrowser } from './browser-notifications';
import { PROFILES_PATH, RULES_PATH } from './automation-routes';
import { incidentState, openFirst } from './incident-list';
import { acknowledgement, incidentSpan } from './incident-words';
import { NotificationsOffer } from './notifications-offer';
import { useBrowserNotifications } from './use-browser-notifications';
import { useIncidents } from './use-incidents';
import { useRules } from './use-rules';
import './automation.css';

/** Where the page keeps the name the user acknowledges incidents with, for the next visit. */
const NAME_KEY = 'eventcast.acknowledgedBy';
/** How often "open for" counts on. */
const CLOCK_MS = 30_000;

const STATE_WORDS = { open: 'Open', acknowledged: 'Open, acknowledged', closed: 'Closed' } as const;

/**
 * The incidents the rules opened, open ones first: the rule, what happened, since when, who
 * acknowledged it; **Acknowledge** on an open one. Live from the incidents feed, with a browser
 * notification for the rules that ask for one.
 */
export function IncidentsPage() {
  const { rules } = useRules();
  const notifications = useBrowserNotifications(rules);
  const { incidents, live, problem, acknowledge } = useIncidents(notifications.notify);
  const [name, setName] = useState(() => localStorage.getItem(NAME_KEY) ?? '');
  const now = useClock();
  const open = incidents.filter((incident) => incident.closedAt === undefined).length;
  const rememberName = (value: string) => {
    setName(value);
    localStorage.setItem(NAME_KEY, value);
  };
  return (
    <section class="automation" aria-labelledby="incidents-title">
      <h1 id="incidents-title">Incidents</h1>
      <p class="status" aria-live="polite">
        {live ? 'Live' : 'Connecting to the incidents stream…'} · {openCount(open)} · <a href={RULES_PATH}>Rules</a> ·{' '}
        <a href={PROFILES_PATH}>Profiles</a>
      </p>
      <NotificationsOffer
        permission={notifications.permission}
        wanted={rules.some(notifiesInBrowser)}
        onAsk={notifications.ask}
      />
      <div class="form-field acknowledged-by">
        <label for="acknowledged-by">Acknowledge as</label>
        <input
          id="acknowledged-by"
          type="text"
          maxLength={100}
          placeholder="your name"
          value={name}
          onInput={(event) => rememberName(event.currentTarget.value)}
        />
      </div>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {incidents.length === 0 && !problem && <p class="hint">No incident yet: every rule is quiet.</p>}
      <ul class="cards incidents" aria-label="Incidents">
        {openFirst(incidents).map((incident) => (
          <IncidentCard
            key={incident.id}
            incident={incident}
            now={now}
            onAcknowledge={() => acknowledge(incident, name)}
          />
        ))}
      </ul>
    </section>
  );
}

function IncidentCard({
  incident,
  now,
  onAcknowledge,
}: {
  incident: Incident;
  now: number;
  onAcknowledge: () => Promise<void>;
}) {
  const [problem, setProblem] = useState('');
  const state = incidentState(incident);
  const acknowledgeIt = () =>
    void onAcknowledge().then(
      () => setProblem(''),
      (error: Error) => setProblem(`Could not acknowledge it: ${error.message}`),
    );
  return (
    <li class={`panel incident ${state}`} aria-label={`${incident.ruleTitle}: ${STATE_WORDS[state]}`}>
      <h2>{incident.ruleTitle}</h2>
      <p class="incident-state">{STATE_WORDS[state]}</p>
      <p>{incident.message}</p>
      <p class="hint">{incidentSpan(incident, now)}</p>
      <p class="hint">{acknowledgement(incident)}</p>
      {state === 'open' && (
        <button type="button" aria-label={`Acknowledge ${incident.ruleTitle}`} onClick={acknowledgeIt}>
          Acknowledge
        </button>
      )}
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
    </li>
  );
}

function openCount(count: number): string {
  return count === 0 ? 'nothing open' : count === 1 ? '1 open' : `${count} open`;
}

/** The time now, every {@link CLOCK_MS}. */
function useClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
