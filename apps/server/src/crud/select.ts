import {
  columnName,
  HIERARCHY_LEVELS,
  type HierarchyLevel,
  RESOURCE_BY_NAME,
  type Resource,
  type Scope,
} from '@greenpod/contracts';
import { levelIdsOf, scopeCovers } from '../auth/scope';
import type { SqlParam } from '../db/database';
import { wireTimeSql } from '../db/wire-time-sql';
import { col, q, tableOf } from './tables';

/** SQL pieces shared by list, read and the scope check: FROM with joins and column expressions. */
export interface CompiledSelect {
  from: string;
  /** Expression of every row key (fields, joins, id, created, updated). */
  expr: Record<string, string>;
  select: string;
  levelExpr: Partial<Record<HierarchyLevel, string>>;
}

const cache = new Map<string, CompiledSelect>();

export function compileSelect(resource: Resource): CompiledSelect {
  const hit = cache.get(resource.name);
  if (hit) return hit;
  const joins: string[] = [];
  const aliases = new Map<string, string>();

  // Joins a ref path like "ruleId.sensorId" hop by hop and returns the last alias.
  const joinPath = (path: string): string => {
    let alias = 't';
    let owner: Resource | undefined = resource;
    const parts = path.split('.');
    parts.forEach((field, i) => {
      const key = parts.slice(0, i + 1).join('.');
      const f = owner?.fields[field];
      if (f?.kind !== 'ref') throw new Error(`${resource.name}: ${key} is not a ref`);
      let next = aliases.get(key);
      if (!next) {
        next = `j${aliases.size}`;
        aliases.set(key, next);
        joins.push(`LEFT JOIN ${q(tableOf(f.entity))} ${next} ON ${next}.id = ${col(alias, field)}`);
      }
      alias = next;
      owner = RESOURCE_BY_NAME.get(f.entity);
    });
    return alias;
  };

  const expr: Record<string, string> = {
    id: 't.id',
    created: wireTimeSql('t.created'),
    updated: wireTimeSql('t.updated'),
  };
  for (const field of resource.storedFields) {
    const f = resource.fields[field];
    if (f?.writeOnly) continue;
    // A date column travels as the yyyy-MM-dd it holds, never as an instant a driver shifts into its own zone.
    expr[field] =
      f?.kind === 'text' && f.format === 'date' ? `to_char(${col('t', field)}, 'YYYY-MM-DD')` : col('t', field);
  }
  for (const [key, j] of Object.entries(resource.joins ?? {})) {
    expr[key] = `${joinPath(j.via)}.${q(columnName(j.column))}`;
  }

  const levelExpr: Partial<Record<HierarchyLevel, string>> = levelIdsOf(resource, 't');
  for (const level of HIERARCHY_LEVELS) {
    if (levelExpr[level]) continue;
    if (resource.scopeVia) {
      const via = joinPath(resource.scopeVia);
      levelExpr[level] = level === 'pod' ? `${via}.id` : `${via}.${q(`${level}_id`)}`;
    }
  }

  const select = Object.entries(expr)
    .map(([key, e]) => `${e} AS ${q(key)}`)
    .join(', ');
  const compiled = { from: `${q(resource.table)} t ${joins.join(' ')}`, expr, select, levelExpr };
  cache.set(resource.name, compiled);
  return compiled;
}

/** The WHERE clause that limits rows to what the caller's scope covers (auth/scope.ts), or null for everything. */
export function scopeClause(compiled: CompiledSelect, scope: Scope, params: SqlParam[]): string | null {
  return scopeCovers(compiled.levelExpr, scope, params);
}
