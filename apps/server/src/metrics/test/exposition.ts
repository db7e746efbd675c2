/**
 * A strict reader of Prometheus' text exposition format 0.0.4, for the tests: it throws on any line a
 * Prometheus server would refuse (bad names, bad escapes, a sample before its TYPE, a family split in
 * two, a histogram whose buckets are not cumulative or whose +Inf bucket is not its count).
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export interface Family {
  type: string;
  help?: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+(-?\d+))?$/;
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['_sum', '_count'] };

export function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const closed = new Set<string>();
  let current: string | undefined;
  for (const [i, line] of text.split('\n').entries()) {
    const fail = (why: string): never => {
      throw new Error(`line ${i + 1}: ${why}: ${JSON.stringify(line)}`);
    };
    if (line.trim() === '') continue;
    const meta = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(line);
    if (meta) {
      const [, kind, name = '', rest = ''] = meta;
      if (!NAME.test(name)) fail('bad metric name');
      const family = families.get(name) ?? { type: 'untyped', samples: [] };
      if (family.samples.length) fail(`${kind} after the samples of ${name}`);
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) fail('unknown type');
        if (family.type !== 'untyped') fail('second TYPE');
        family.type = rest;
      } else family.help = unescapeText(rest, false, fail);
      families.set(name, family);
      continue;
    }
    if (line.startsWith('#')) continue;
    const m = SAMPLE.exec(line) ?? fail('not a sample');
    const [, name = '', labelText, valueText = ''] = m;
    const familyName = familyOf(name, families);
    const family = families.get(familyName) ?? fail('sample without TYPE');
    if (familyName !== current) {
      if (closed.has(familyName)) fail(`family ${familyName} split`);
      if (current) closed.add(current);
      current = familyName;
    }
    const value = parseValue(valueText) ?? fail('bad value');
    family.samples.push({ name, labels: labelText ? parseLabels(labelText, fail) : {}, value });
  }
  for (const [name, family] of families) if (family.type === 'histogram') checkHistogram(name, family);
  return families;
}

/** The value of the one sample with this name and these labels (others may be present), or undefined. */
export function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}) {
  const family = families.get(familyOf(name, families));
  const matching = family?.samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (matching && matching.length > 1) throw new Error(`${matching.length} samples of ${name} match`);
  return matching?.[0]?.value;
}

/** A sample value as Prometheus (Go's ParseFloat) reads it: decimal, or NaN and Inf in any case. */
function parseValue(text: string): number | undefined {
  if (/^nan$/i.test(text)) return Number.NaN;
  const inf = /^([+-]?)inf(inity)?$/i.exec(text);
  if (inf) return inf[1] === '-' ? -Infinity : Infinity;
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : undefined;
}

function familyOf(name: string, families: Map<string, Family>): string {
  for (const [type, suffixes] of Object.entries(SUFFIXES))
    for (const suffix of suffixes) {
      const base = name.slice(0, -suffix.length);
      if (name.endsWith(suffix) && families.get(base)?.type === type) return base;
    }
  return name;
}

function parseLabels(text: string, fail: (why: string) => never): Record<string, string> {
  const labels: Record<string, string> = {};
  const pair = /\s*([^=\s]+)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(,|$)/y;
  while (pair.lastIndex < text.length) {
    const m = pair.exec(text) ?? fail('bad label set');
    const [, name = '', raw = ''] = m;
    if (!LABEL.test(name) || name.startsWith('__')) fail(`bad label name ${name}`);
    if (name in labels) fail(`label ${name} twice`);
    labels[name] = unescapeText(raw, true, fail);
  }
  return labels;
}

function unescapeText(raw: string, quoted: boolean, fail: (why: string) => never): string {
  return raw.replace(/\\(.?)/g, (_, c: string) => {
    if (c === 'n') return '\n';
    if (c === '\\') return '\\';
    if (c === '"' && quoted) return '"';
    return fail(`bad escape \\${c}`);
  });
}

function checkHistogram(name: string, family: Family) {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of family.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    if (s.name === `${name}_bucket`) {
      if (le === undefined) throw new Error(`${name}: a bucket without le`);
      entry.buckets.push([le === '+Inf' ? Infinity : Number(le), s.value]);
    } else if (s.name === `${name}_count`) entry.count = s.value;
    series.set(key, entry);
  }
  for (const [key, { buckets, count }] of series) {
    const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < sorted.length; i++)
      if ((sorted[i]?.[1] ?? 0) < (sorted[i - 1]?.[1] ?? 0)) throw new Error(`${name}${key}: buckets not cumulative`);
    const inf = sorted.at(-1);
    if (inf?.[0] !== Infinity || inf[1] !== count) throw new Error(`${name}${key}: +Inf bucket is not the count`);
  }
}
