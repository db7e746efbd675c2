import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

const WIRE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Wire times are UTC 'yyyy-MM-dd HH:mm:ss' (docs/domain.md#readings); show them in the viewer's time zone. */
export function formatLocalDateTime(value: string | null | undefined): string {
  if (!value) return '';
  // dayjs parses both the wire format and ISO 8601 without the customParseFormat plugin.
  const parsed = dayjs.utc(value);
  return parsed.isValid() ? parsed.local().format('YYYY-MM-DD HH:mm') : value;
}

/** Local time back to the wire format, for queries. */
export function toWireDateTime(value: Date): string {
  return dayjs(value).utc().format(WIRE_FORMAT);
}
