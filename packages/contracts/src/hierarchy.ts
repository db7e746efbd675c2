/** group > client > location > area > pod (docs/domain.md#hierarchy). */
export const HIERARCHY_LEVELS = ['group', 'client', 'location', 'area', 'pod'] as const;
export type HierarchyLevel = (typeof HIERARCHY_LEVELS)[number];

/** The id field that points at each level, as carried by every scoped row. */
export const HIERARCHY_LEVEL_FIELDS = {
  group: 'groupId',
  client: 'clientId',
  location: 'locationId',
  area: 'areaId',
  pod: 'podId',
} as const satisfies Record<HierarchyLevel, string>;

export const HIERARCHY_FIELDS: readonly string[] = Object.values(HIERARCHY_LEVEL_FIELDS);

/** The scope a caller holds: everything, or the union of ids bound at each level. */
export type Scope = { all: true } | { all: false; ids: Record<HierarchyLevel, number[]> };
