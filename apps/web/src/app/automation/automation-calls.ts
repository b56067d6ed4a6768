import type { Incident, ListedProfile, Rule } from '@eventcast/automation-model';
import { dataOf, type Services } from '../../services/api';
import { problemsOf } from '../../services/service-problems';

/** A rule as the service lists it: a document that cannot run (written past the service) comes with its problems. */
export type ListedRule = Rule & { problems?: string[] };

/** Every rule the automation service keeps, by id. */
export async function listRules(services: Services): Promise<ListedRule[]> {
  const { values } = await dataOf(services.automation.POST('/rules/list'));
  return values as unknown as ListedRule[];
}

/**
 * Saves `rule` through the service, which checks it first: [] when it was saved, else every
 * problem the service named (one per problem, `trigger.threshold.value: must be a number`), nothing saved.
 */
export async function saveRule(services: Services, rule: Rule): Promise<string[]> {
  const answer = await services.automation.POST('/rules/save', { body: { value: { ...rule } } });
  if (answer.response.status === 400) return problemsOf(answer.response, answer.error).flatMap(eachProblem);
  await dataOf(Promise.resolve(answer));
  return [];
}

/** Deletes the rule `id`; its open incident stays open in the list. */
export async function deleteRule(services: Services, id: string): Promise<void> {
  await dataOf(services.automation.POST('/rules/delete', { body: { id } }));
}

/** Every fermentation profile the automation service keeps, with whether it runs. */
export async function listProfiles(services: Services): Promise<ListedProfile[]> {
  const { values } = await dataOf(services.automation.POST('/profiles/list'));
  return values as unknown as ListedProfile[];
}

/** The latest incidents, newest first. */
export async function listIncidents(services: Services, limit: number): Promise<Incident[]> {
  const { values } = await dataOf(services.automation.POST('/incidents/list', { body: { limit } }));
  return values as Incident[];
}

/** Acknowledges the incident `id` in the name of `by` (the service says "someone" without one): its reminders stop. */
export async function acknowledgeIncident(services: Services, id: string, by: string): Promise<Incident> {
  const body = by.trim() === '' ? { id } : { id, by: by.trim() };
  const { value } = await dataOf(services.automation.POST('/incidents/acknowledge', { body }));
  return value as Incident;
}

/** A message that joins several problems with `; ` (as a domain error does) split into them. */
function eachProblem(message: string): string[] {
  return message.split('; ').filter((problem) => problem !== '');
}
