import type { Incident, ListedProfile, Profile, Rule } from '@eventcast/automation-model';
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
  return problemsOfSave(await services.automation.POST('/rules/save', { body: { value: { ...rule } } }));
}

/** Saves `profile` as `saveRule` saves a rule: [] when saved, else the service's problems (`steps[0].setting.value: must be a number`). */
export async function saveProfile(services: Services, profile: Profile): Promise<string[]> {
  return problemsOfSave(await services.automation.POST('/profiles/save', { body: { value: { ...profile } } }));
}

/** Deletes the profile `id`, stopping it first. */
export async function deleteProfile(services: Services, id: string): Promise<void> {
  await dataOf(services.automation.POST('/profiles/delete', { body: { id } }));
}

/** Starts the profile `id` now (its block follows the plan from its first step), or stops it (the block keeps its setting). */
export async function runProfile(services: Services, id: string, run: 'start' | 'stop'): Promise<void> {
  await dataOf(services.automation.POST(run === 'start' ? '/profiles/start' : '/profiles/stop', { body: { id } }));
}

type SaveAnswer = Awaited<ReturnType<Services['automation']['POST']>>;

/** The problems of a refused save (400), one per problem; [] when it was saved; throws on any other failure. */
async function problemsOfSave(answer: SaveAnswer): Promise<string[]> {
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
