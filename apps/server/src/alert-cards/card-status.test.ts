import { describe, expect, it } from 'vitest';
import { type EpisodeState, INITIAL_STATE } from '../alerts/episode';
import { cardStatus, statusRank } from './card-status';

const limit = { condition: 'greater' as const, threshold: 26 };
const open = (phase: EpisodeState['phase'], startedAt = 1_000): EpisodeState => ({
  phase,
  episode: { startedAt, warned: true, alerted: phase === 'exceeded', pendingSince: null },
  lastNotifiedEnd: null,
  lastAt: 5_000,
});

describe('cardStatus (docs/domain.md#rules)', () => {
  it.each([
    ['the engine says exceeded, whatever the latest reading', open('exceeded'), 20, 'exceeded', 1_000],
    ['an episode back to close stays open', open('close'), 30, 'close', 1_000],
    ['back to normal: no episode', { ...INITIAL_STATE, lastAt: 5_000 }, 30, 'ok', null],
    ['no state: the reading over the limit', null, 26.5, 'exceeded', null],
    ['no state: the reading within the margin', null, 24, 'close', null],
    ['no state: the reading well below', null, 20, 'ok', null],
    ['a state that evaluated nothing yet counts as none', INITIAL_STATE, 27, 'exceeded', null],
    ['neither state nor reading', null, null, null, null],
  ] as const)('%s', (_, episode, latest, status, startedAt) => {
    expect(cardStatus(episode, latest, limit, 10)).toEqual({ status, episodeStartedAt: startedAt });
  });

  it('ranks exceeded before close before OK before nothing to judge', () => {
    const order = [null, 'ok', 'exceeded', 'close'] as const;
    expect([...order].sort((a, b) => statusRank(a) - statusRank(b))).toEqual(['exceeded', 'close', 'ok', null]);
  });
});
