import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EngineRule,
  type EngineSettings,
  type EpisodeState,
  evaluate,
  evaluateAll,
  INITIAL_STATE,
} from './episode';

const MIN = 60_000;
const settings: EngineSettings = { marginPercent: 10, cooldownMinutes: 60 };
const over30: EngineRule = { condition: 'greater', threshold: 30, severity: 'HIGH' };

/** Values one minute apart from t = 0; the events as `KIND@minute`. */
function run(rule: EngineRule, values: number[], s: EngineSettings = settings, start: EpisodeState = INITIAL_STATE) {
  const { state, events } = evaluateAll(
    rule,
    values.map((value, i) => ({ value, at: i * MIN })),
    start,
    s,
  );
  return { state, events: events.map((e) => `${e.kind}@${e.at / MIN}`) };
}

describe('evaluate: one notification per episode step, never one per reading', () => {
  it.each([
    ['stays quiet while ok', over30, [10, 20, 26.9], []],
    ['warns on entering close (within 10 % below a greater threshold)', over30, [20, 27, 28, 29], ['WARNING@1']],
    ['alerts once on firing, however long it stays over', over30, [20, 31, 35, 40, 33], ['ALERT@1']],
    [
      'warns, then alerts, then resolves back to ok',
      over30,
      [20, 28, 31, 32, 10],
      ['WARNING@1', 'ALERT@2', 'RESOLVED@4'],
    ],
    ['a value wavering around the threshold is one episode', over30, [31, 29, 31, 29.5, 31], ['ALERT@0']],
    ['resolves a warning that never fired', over30, [28, 20], ['WARNING@0', 'RESOLVED@1']],
    [
      'smaller: close is just above the threshold',
      { condition: 'smaller', threshold: 18, severity: 'MEDIUM' } as EngineRule,
      [25, 19.5, 17, 25],
      ['WARNING@1', 'ALERT@2', 'RESOLVED@3'],
    ],
    [
      'equal: within 1e-9 relative fires, either side within the margin is close',
      { condition: 'equal', threshold: 21.5, severity: 'LOW' } as EngineRule,
      [30, 20, 21.499999999999, 30],
      ['WARNING@1', 'ALERT@2', 'RESOLVED@3'],
    ],
  ] as const)('%s', (_, rule, values, expected) => {
    expect(run(rule, [...values]).events).toEqual(expected);
  });

  it('carries the rule severity on ALERT and LOW on the other steps', () => {
    const { events } = evaluateAll(
      over30,
      [28, 31, 0].map((value, i) => ({ value, at: i * MIN })),
      INITIAL_STATE,
      settings,
    );
    expect(events.map((e) => [e.kind, e.severity, e.value])).toEqual([
      ['WARNING', 'LOW', 28],
      ['ALERT', 'HIGH', 31],
      ['RESOLVED', 'LOW', 0],
    ]);
  });
});

describe('evaluate: delay', () => {
  const delayed: EngineRule = { ...over30, delayMinutes: 3 };
  it.each([
    ['fires once the condition has held for the whole delay', [31, 32, 33, 34], ['WARNING@0', 'ALERT@3']],
    ['a break in the condition starts the delay again', [31, 32, 29, 31, 32, 33, 34], ['WARNING@0', 'ALERT@6']],
    ['never fires when it does not hold long enough', [31, 32, 10], ['WARNING@0', 'RESOLVED@2']],
  ] as const)('%s', (_, values, expected) => {
    expect(run(delayed, [...values]).events).toEqual(expected);
  });

  it('no delay (0 or null) fires on the first reading over', () => {
    expect(run({ ...over30, delayMinutes: 0 }, [31]).events).toEqual(['ALERT@0']);
    expect(run({ ...over30, delayMinutes: null }, [31]).events).toEqual(['ALERT@0']);
  });
});

describe('evaluate: clear level (hysteresis)', () => {
  it('stays exceeded until a value is past the clear level, then resolves', () => {
    const rule: EngineRule = { ...over30, clearLevel: 25 };
    const { events, state } = run(rule, [31, 20.1 + 5, 26, 24.9]);
    expect(events).toEqual(['ALERT@0', 'RESOLVED@3']);
    expect(state.phase).toBe('ok');
  });

  it('for smaller, past means above', () => {
    const rule: EngineRule = { condition: 'smaller', threshold: 18, severity: 'LOW', clearLevel: 20 };
    // Past the clear level the episode is close until it is past the margin and half of it (above 20.7).
    expect(run(rule, [17, 19, 20, 20.5, 20.8]).events).toEqual(['ALERT@0', 'RESOLVED@4']);
  });

  it('without one, the episode lasts until the value is back outside the margin and half of it again', () => {
    // Margin 3 (10 % of 30): close from 27, the episode ends below 25.5.
    expect(run(over30, [31, 29, 27.5, 26.9, 25.6, 25.4]).events).toEqual(['ALERT@0', 'RESOLVED@5']);
  });
});

describe('evaluate: hysteresis of the close state', () => {
  const humid: EngineRule = { condition: 'greater', threshold: 60, severity: 'MEDIUM' };
  const noCooldown = { ...settings, cooldownMinutes: 0 };
  it.each([
    // Margin 6 (10 % of 60): close from 54, an open episode ends below 51.
    [
      'a value hovering at the margin edge is one warning, not a pair per crossing',
      [50, 54.2, 53.8, 54.1, 53.9, 54.3, 53.5],
      ['WARNING@1'],
    ],
    ['it ends once past the margin and half of it again', [50, 54.2, 53.8, 51.2, 50.9], ['WARNING@1', 'RESOLVED@4']],
    ['entering close still needs the margin itself', [50, 53.9, 52, 51], []],
    ['after an alert, the episode lasts down to the same level', [61, 53, 51.5, 50.5], ['ALERT@0', 'RESOLVED@3']],
  ] as const)('%s', (_, values, expected) => {
    expect(run(humid, [...values], noCooldown).events).toEqual(expected);
  });

  it('smaller and equal: the band lies on their own side(s)', () => {
    const cold: EngineRule = { condition: 'smaller', threshold: 20, severity: 'LOW' };
    // Margin 2: close up to 22, the episode ends above 23.
    expect(run(cold, [25, 21.9, 22.1, 22.9, 23.1], noCooldown).events).toEqual(['WARNING@1', 'RESOLVED@4']);
    const exact: EngineRule = { condition: 'equal', threshold: 20, severity: 'LOW' };
    expect(run(exact, [25, 18.1, 17.9, 22.9, 23.1], noCooldown).events).toEqual(['WARNING@1', 'RESOLVED@4']);
  });

  it('a margin of 0 has no band', () => {
    expect(run(over30, [31, 29.9, 31], { marginPercent: 0, cooldownMinutes: 0 }).events).toEqual([
      'ALERT@0',
      'RESOLVED@1',
    ]);
  });
});

describe('evaluate: cooldown between episodes of the same rule and pod', () => {
  it('a new episode inside the cooldown raises nothing if it ends inside it (a flap)', () => {
    // Episode 1 ends at minute 2; episode 2 (minutes 10-11) lies inside the 60-minute cooldown.
    const values = [31, 31, 0, ...Array(7).fill(0), 31, 0];
    expect(run(over30, values).events).toEqual(['ALERT@0', 'RESOLVED@2']);
  });

  it('owes its notification and raises it on the first reading after the cooldown if still open', () => {
    const values = Array.from({ length: 70 }, (_, i) => (i < 2 ? 31 : i === 2 ? 0 : i >= 30 ? 31 : 0));
    // Ended at minute 2; over again from minute 30; the cooldown ends at minute 62.
    expect(run(over30, values).events).toEqual(['ALERT@0', 'RESOLVED@2', 'ALERT@62']);
  });

  it('counts from the end of the last episode that notified, never less than the minimum cooldown', () => {
    // A client's cooldown of 0 is raised to MIN_NOTIFICATION_COOLDOWN (5 minutes): a value flipping every
    // minute is one notified episode per 5 minutes, the flaps between them raise nothing.
    expect(run(over30, [31, 0, 31, 0, 31, 0, 31, 0], { ...settings, cooldownMinutes: 0 }).events).toEqual([
      'ALERT@0',
      'RESOLVED@1',
      'ALERT@6',
      'RESOLVED@7',
    ]);
    expect(run(over30, [31, 0, 0, 0, 0, 0, 31, 0], { ...settings, cooldownMinutes: 0 }).events).toEqual([
      'ALERT@0',
      'RESOLVED@1',
      'ALERT@6',
      'RESOLVED@7',
    ]);
    // A pod reporting every 5 minutes (the default interval) never meets it.
    const everyFive = [31, 0, 31, 0].map((value, i) => ({ value, at: i * 5 * MIN }));
    const { events } = evaluateAll(over30, everyFive, INITIAL_STATE, { ...settings, cooldownMinutes: 0 });
    expect(events.map((e) => e.kind)).toEqual(['ALERT', 'RESOLVED', 'ALERT', 'RESOLVED']);
  });
});

describe('evaluateAll: bounded work (maxEvents)', () => {
  it('stops before the reading that would raise one event too many, and says it is not complete', () => {
    const values = [31, 0, 0, 0, 0, 0, 31, 0].map((value, i) => ({ value, at: i * MIN }));
    const s = { ...settings, cooldownMinutes: 0 };
    const first = evaluateAll(over30, values, INITIAL_STATE, s, 3);
    expect(first.events.map((e) => `${e.kind}@${e.at / MIN}`)).toEqual(['ALERT@0', 'RESOLVED@1', 'ALERT@6']);
    expect([first.complete, first.state.lastAt]).toEqual([false, 6 * MIN]);
    const rest = evaluateAll(over30, values, first.state, s, 3);
    expect(rest.events.map((e) => `${e.kind}@${e.at / MIN}`)).toEqual(['RESOLVED@7']);
    expect(rest.complete).toBe(true);
  });

  it('a run taken in bounded calls gives the same events and state as one call', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 80 }),
        fc.integer({ min: 1, max: 4 }),
        (values, max) => {
          const rs = values.map((value, i) => ({ value, at: i * MIN }));
          const s = { ...settings, cooldownMinutes: 0 };
          const whole = evaluateAll(over30, rs, INITIAL_STATE, s);
          let state = INITIAL_STATE;
          const events = [];
          for (let calls = 0; calls <= rs.length; calls++) {
            const step = evaluateAll(over30, rs, state, s, max);
            state = step.state;
            events.push(...step.events);
            expect(step.events.length).toBeLessThanOrEqual(max);
            if (step.complete) break;
          }
          expect(events).toEqual(whole.events);
          expect(state).toEqual(whole.state);
        },
      ),
    );
  });
});

describe('evaluateAll: order, duplicates and already-evaluated readings', () => {
  it('ignores a reading at or before the last one evaluated', () => {
    const first = evaluate(over30, { value: 31, at: 5 * MIN }, INITIAL_STATE, settings);
    const again = evaluate(over30, { value: 0, at: 5 * MIN }, first.state, settings);
    expect(again.events).toEqual([]);
    expect(again.state).toBe(first.state);
  });

  const readings = fc.array(
    fc.record({ at: fc.integer({ min: 0, max: 240 }).map((m) => m * MIN), value: fc.integer({ min: 0, max: 40 }) }),
    { maxLength: 60 },
  );
  const rules = fc.record({
    condition: fc.constantFrom('greater' as const, 'smaller' as const, 'equal' as const),
    threshold: fc.integer({ min: 5, max: 35 }),
    severity: fc.constant('HIGH' as const),
    delayMinutes: fc.option(fc.integer({ min: 0, max: 10 })),
    clearLevel: fc.option(fc.integer({ min: 0, max: 40 })),
  });

  it('any batch, duplicated and shuffled, gives the same events as once and in order', () => {
    fc.assert(
      fc.property(rules, readings, fc.integer({ min: 0, max: 30 }), fc.integer(), (rule, rs, cooldown, seed) => {
        const s = { marginPercent: 10, cooldownMinutes: cooldown };
        const inOrder = evaluateAll(rule, rs, INITIAL_STATE, s);
        const shuffled = [...rs, ...rs.slice(0, Math.floor(rs.length / 2))]
          .map((r, i) => ({ r, k: Math.sin(seed + i) }))
          .sort((a, b) => a.k - b.k)
          .map(({ r }) => r);
        expect(evaluateAll(rule, shuffled, INITIAL_STATE, s)).toEqual(inOrder);
      }),
    );
  });

  it('splitting a run into batches changes nothing', () => {
    fc.assert(
      fc.property(rules, readings, fc.integer({ min: 0, max: 60 }), (rule, rs, cut) => {
        const ordered = [...new Map(rs.map((r) => [r.at, r])).values()].sort((a, b) => a.at - b.at);
        const whole = evaluateAll(rule, ordered, INITIAL_STATE, settings);
        const first = evaluateAll(rule, ordered.slice(0, cut), INITIAL_STATE, settings);
        const second = evaluateAll(rule, ordered.slice(cut), first.state, settings);
        expect([...first.events, ...second.events]).toEqual(whole.events);
        expect(second.state).toEqual(whole.state);
      }),
    );
  });

  it('never raises two notifications of one kind in a row, and resolves only what was raised', () => {
    fc.assert(
      fc.property(rules, readings, (rule, rs) => {
        const { events } = evaluateAll(rule, rs, INITIAL_STATE, { marginPercent: 10, cooldownMinutes: 0 });
        for (let i = 1; i < events.length; i++) {
          expect(events[i]?.kind === events[i - 1]?.kind).toBe(false);
        }
        if (events[0]) expect(events[0].kind).not.toBe('RESOLVED');
      }),
    );
  });
});
