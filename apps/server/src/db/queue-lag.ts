/** Seconds the oldest row of a first-in-first-out work queue (`id`, `created`) has waited; 0 when it is empty. */
export const queueLagSql = (table: 'rule_evaluation_queue' | 'mail_queue') =>
  `coalesce(extract(epoch FROM now() - (SELECT created FROM ${table} ORDER BY id LIMIT 1)), 0)::float8`;
