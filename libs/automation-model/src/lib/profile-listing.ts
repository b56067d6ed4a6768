import { Profile } from './automation.types';
import { settingAt, startedAtMs } from './profile-plan';
import { profileShapeProblems } from './profile-problems';

/** What `/profiles/list` tells of each profile beside its document. */
export interface ProfileListing {
  /** Whether it is started: it has `startedAt`, a start still to come included. */
  running: boolean;
  /** The setting its plan gives at the time of the list, in degC, once its start has come. */
  plannedSetting?: number;
  /** Why a document written past the service is no profile; absent for a profile. */
  problems?: string[];
}

/** A profile as `/profiles/list` gives it. */
export type ListedProfile = Profile & ProfileListing;

/**
 * A document of `svc-automation:profiles` as the list shows it at `nowMs`: whether it runs and its
 * planned setting then, or the problems that keep it from being a profile.
 */
export function listedProfile<D extends object>(document: D, nowMs: number): D & ProfileListing {
  const startMs = startedAtMs(document as Profile);
  const running = startMs !== undefined;
  const problems = profileShapeProblems(document);
  if (problems.length > 0) return { ...document, running, problems };
  const position = running && startMs <= nowMs ? settingAt(document as Profile, nowMs) : undefined;
  return {
    ...document,
    running,
    ...(position !== undefined && { plannedSetting: Math.round(position.setting * 1000) / 1000 }),
  };
}
