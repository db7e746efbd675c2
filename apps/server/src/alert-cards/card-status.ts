import { type AlertStatus, type Limit, ruleState } from '@greenpod/contracts';
import type { EpisodeState } from '../alerts/episode';

export interface CardStatus {
  status: AlertStatus | null;
  /** The open episode's start (ms), which an acknowledgement names; null when none is open. */
  episodeStartedAt: number | null;
}

/**
 * How a rule stands on a pod (docs/domain.md#rules): the rules engine's episode state once it has
 * evaluated a reading of the pair (so a delay, a clear level and an episode wavering back to close
 * read as the engine decided), otherwise the latest reading against the limit, as the gauges judge it.
 * An episode row the engine made but fed no reading yet counts as no state. Nothing to judge: null.
 */
export function cardStatus(
  episode: EpisodeState | null,
  latest: number | null,
  limit: Limit,
  marginPercent: number,
): CardStatus {
  if (episode && episode.lastAt !== null) {
    return { status: episode.phase, episodeStartedAt: episode.episode?.startedAt ?? null };
  }
  if (latest === null) return { status: null, episodeStartedAt: null };
  return { status: ruleState(limit, latest, marginPercent), episodeStartedAt: null };
}

const RANK: Record<AlertStatus | 'none', number> = { exceeded: 0, close: 1, ok: 2, none: 3 };

/** Cards that need someone first: exceeded, close, OK, then those with nothing to judge. */
export const statusRank = (status: AlertStatus | null) => RANK[status ?? 'none'];
