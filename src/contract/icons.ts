// Icon names an admin can pick (SPEC 3). Stored posts may hold other names; the client renders those as Settings.
export const HEADER_ICONS = [
  'Dumbbell',
  'Youtube',
  'Camera',
  'Users',
  'Settings',
  'Edit',
  'Share',
  'Search',
  'Star',
  'Heart',
  'Globe',
  'Music',
  'Trophy',
  'TrendingUp',
  'Bell',
] as const;

export const SECTION_ICONS = [
  'Camera',
  'Users',
  'Settings',
  'Edit',
  'Share',
  'Search',
  'Star',
  'Heart',
  'Globe',
  'Music',
] as const;

export type HeaderIcon = (typeof HEADER_ICONS)[number];
export type SectionIcon = (typeof SECTION_ICONS)[number];
