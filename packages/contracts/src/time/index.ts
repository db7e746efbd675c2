export * from './dashboard-window';
export * from './date-only';
export * from './zoned-time';
export * from './city-time-zones';
