/**
 * How SQL writes times for the wire, the one spelling of each pattern: a `timestamptz` as the UTC wire
 * time `yyyy-MM-dd HH:mm:ss` (docs/api.md; contracts' formatWireTime writes the same in JS), and a date
 * or zone-local timestamp as the calendar date `yyyy-MM-dd`.
 */
export const wireTimeSql = (timestamptz: string) =>
  `to_char(${timestamptz} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

/** `local` is already on the wall clock it is read in (a date, or `AT TIME ZONE` applied). */
export const dateOnlySql = (local: string) => `to_char(${local}, 'YYYY-MM-DD')`;
