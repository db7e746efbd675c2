/** The fixed choices of the entities' enum fields (a select in the admin form, a zod enum on the wire). */
export const SEVERITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export const CONDITIONS = ['greater', 'smaller', 'equal'] as const;
export const CURRENCIES = ['EUR', 'USD', 'AED', 'GBP'] as const;
export const PERIOD_TYPES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export const VOLTAGES = [230, 120] as const;
export const NOTIFICATION_TYPES = ['ALERT', 'WARNING', 'RESOLVED', 'OFFLINE', 'ONLINE', 'SUMMARY', 'INFO'] as const;
export const COUNTRIES = ['UAE', 'UK', 'Greece', 'Scotland', 'Ireland', 'Portugal'] as const;
export const CITIES = ['Dubai', 'London', 'Athens', 'Abu Dhabi', 'Ras al-Khaimah', 'Porto'] as const;
