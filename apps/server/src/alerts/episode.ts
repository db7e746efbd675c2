import { type Condition, effectiveCooldown, ruleState } from '@greenpod/contracts';

/**
 * The pure core of the rules engine (docs/domain.md#rules): one rule on one pod, one reading at a time.
 * No clock, no database: the same readings in the same order give the same state and events, which is
 * what makes the engine's notifications reproducible and testable from tables.
 */

export interface EngineRule {
  condition: Condition;
  threshold: number;
  severity: 'HIGH' | 'MEDIUM' | 'LOW';
  /** Minutes the condition must hold before the rule fires; 0 or null fires on the first reading. */
  delayMinutes?: number | null;
  /**
   * Hysteresis: once exceeded, the rule stays exceeded until a value is past this level (below it for
   * `greater`, above it for `smaller`). Null: until the value is back outside the margin.
   */
  clearLevel?: number | null;
}

export interface EngineSettings {
  /** Percent of the threshold that counts as close (the client's notificationMargin). */
  marginPercent: number;
  /**
   * Minutes after a notified episode ends before a new one may notify (notificationCooldown); raised to
   * MIN_NOTIFICATION_COOLDOWN, so a flapping sensor is one notified episode per minimum cooldown.
   */
  cooldownMinutes: number;
}

export type Phase = 'ok' | 'close' | 'exceeded';

export interface EpisodeState {
  phase: Phase;
  /** The open episode, from its first close or exceeded reading until it is back to ok. */
  episode: {
    startedAt: number;
    warned: boolean;
    alerted: boolean;
    /** While a delay runs: when the condition began to hold without a break. */
    pendingSince: number | null;
  } | null;
  /** When the last episode that raised a notification ended (ms): the cooldown counts from there. */
  lastNotifiedEnd: number | null;
  /** The time of the last reading evaluated (ms): readings at or before it are not evaluated again. */
  lastAt: number | null;
}

export type EpisodeEventKind = 'WARNING' | 'ALERT' | 'RESOLVED';

export interface EpisodeEvent {
  kind: EpisodeEventKind;
  /** The reading time that caused it: with rule and pod, the notification's idempotency key. */
  at: number;
  value: number;
  /** The rule's severity for an ALERT; LOW for a WARNING or RESOLVED. */
  severity: 'HIGH' | 'MEDIUM' | 'LOW';
}

export const INITIAL_STATE: EpisodeState = { phase: 'ok', episode: null, lastNotifiedEnd: null, lastAt: null };

const MINUTE = 60_000;
/**
 * Hysteresis of the close state: an open episode ends only once a value is past the margin by a further
 * half of it (for a `greater` 60 with a 10 % margin: close from 54, ended below 51), so a value hovering
 * at the margin's edge is one episode, not a WARNING and a RESOLVED per crossing.
 */
export const CLOSE_HYSTERESIS = 0.5;

function pastClearLevel(rule: EngineRule, value: number): boolean {
  const level = rule.clearLevel;
  if (level === null || level === undefined) return true;
  if (rule.condition === 'greater') return value < level;
  if (rule.condition === 'smaller') return value > level;
  return true;
}

/**
 * One reading through one rule's episode:
 * - ok -> close raises a WARNING; reaching exceeded (after the delay, if any) raises an ALERT with the
 *   rule's severity; back to ok after either raises RESOLVED. Never one per reading.
 * - Falling from exceeded to close keeps the episode open, so a value wavering around the threshold is
 *   one episode with one ALERT, not one per crossing. With a clear level, exceeded lasts until a value is
 *   past it. Close has hysteresis too: an open episode ends only past the margin and CLOSE_HYSTERESIS of
 *   it again.
 * - A new episode inside the cooldown of the last notified one owes its notifications rather than
 *   dropping them: if it is still open when the cooldown ends, the next reading raises the step it is
 *   at; if it ends first, it was a flap and raises nothing. The cooldown is never under
 *   MIN_NOTIFICATION_COOLDOWN, so however fast a value flips, the notifications are bounded.
 */
export function evaluate(
  rule: EngineRule,
  reading: { value: number; at: number },
  state: EpisodeState,
  settings: EngineSettings,
): { state: EpisodeState; events: EpisodeEvent[] } {
  const { value, at } = reading;
  if (state.lastAt !== null && at <= state.lastAt) return { state, events: [] };
  const events: EpisodeEvent[] = [];
  const raw = ruleState({ condition: rule.condition, threshold: rule.threshold }, value, settings.marginPercent);
  const held = state.phase === 'exceeded' && raw !== 'exceeded' && !pastClearLevel(rule, value);
  let next: Phase = held ? 'exceeded' : raw;
  const limit = { condition: rule.condition, threshold: rule.threshold };
  if (
    next === 'ok' &&
    state.phase !== 'ok' &&
    ruleState(limit, value, settings.marginPercent * (1 + CLOSE_HYSTERESIS)) !== 'ok'
  )
    next = 'close';
  const cooling =
    state.lastNotifiedEnd !== null && at - state.lastNotifiedEnd < effectiveCooldown(settings.cooldownMinutes) * MINUTE;
  const event = (kind: EpisodeEventKind) =>
    events.push({ kind, at, value, severity: kind === 'ALERT' ? rule.severity : 'LOW' });

  if (next === 'ok') {
    const ended = state.episode;
    const notified = ended !== null && (ended.warned || ended.alerted);
    if (notified) event('RESOLVED');
    return {
      state: { phase: 'ok', episode: null, lastNotifiedEnd: notified ? at : state.lastNotifiedEnd, lastAt: at },
      events,
    };
  }

  const episode = state.episode ?? { startedAt: at, warned: false, alerted: false, pendingSince: null };
  let phase: Phase = next;
  let pendingSince: number | null = null;
  if (next === 'exceeded' && state.phase !== 'exceeded') {
    // The condition must hold for the whole delay, counted from the first reading that met it.
    pendingSince = episode.pendingSince ?? at;
    const delay = (rule.delayMinutes ?? 0) * MINUTE;
    if (at - pendingSince < delay) phase = 'close';
  }
  let { warned, alerted } = episode;
  if (!cooling) {
    if (phase === 'exceeded' && !alerted) {
      event('ALERT');
      alerted = true;
    } else if (phase === 'close' && !warned && !alerted) {
      event('WARNING');
      warned = true;
    }
  }
  return {
    state: {
      phase,
      episode: { startedAt: episode.startedAt, warned, alerted, pendingSince: phase === 'close' ? pendingSince : null },
      lastNotifiedEnd: state.lastNotifiedEnd,
      lastAt: at,
    },
    events,
  };
}

/**
 * A batch of one pod's readings for one rule: in reading-time order, each time once, and none at or
 * before what was evaluated already. So duplicates and a shuffled batch give the same events as the
 * readings sent once and in order.
 *
 * `maxEvents` bounds one call's work: evaluation stops before the reading that would raise one event
 * too many, and `complete` says whether every reading was evaluated; the state is where it stopped, so
 * the next call goes on from there and the whole gives the same events as one unbounded call.
 */
export function evaluateAll(
  rule: EngineRule,
  readings: readonly { value: number; at: number }[],
  state: EpisodeState,
  settings: EngineSettings,
  maxEvents = Number.POSITIVE_INFINITY,
): { state: EpisodeState; events: EpisodeEvent[]; complete: boolean } {
  const byTime = new Map<number, number>();
  // Two readings at one instant: the larger time-ordering key wins deterministically (the greater value),
  // whichever arrived first.
  for (const r of readings) byTime.set(r.at, Math.max(byTime.get(r.at) ?? Number.NEGATIVE_INFINITY, r.value));
  const ordered = [...byTime.entries()].sort(([a], [b]) => a - b);
  let current = state;
  const events: EpisodeEvent[] = [];
  for (const [at, value] of ordered) {
    const step = evaluate(rule, { value, at }, current, settings);
    if (events.length + step.events.length > maxEvents) return { state: current, events, complete: false };
    current = step.state;
    events.push(...step.events);
  }
  return { state: current, events, complete: true };
}
