// No imports: app/preload-route.ts, which runs first of the entry's modules, reads this too.

/** The paths that open on the dashboard (docs/screens.md#routes): `/`, a place, live performance, a client's link. */
export const DASHBOARD_PATH = /^\/(?:$|location\/|area\/|liveperformance$|[\w-]{12}\/[\w-]{12}(?:\/liveperformance)?$)/;
