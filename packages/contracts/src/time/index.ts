export * from './city-time-zones';
export * from './dashboard-window';
export * from './date-only';
export * from './zoned-time';
