// Icon names an admin can pick: 15 for the header, 10 for a section. Stored posts may hold other names; the client
// renders those as Settings.
// A section offers a run from the middle of the header's list: that run is written once, both lists keep their order.
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

export const HEADER_ICONS = ['Dumbbell', 'Youtube', ...SECTION_ICONS, 'Trophy', 'TrendingUp', 'Bell'] as const;

export type HeaderIcon = (typeof HEADER_ICONS)[number];
export type SectionIcon = (typeof SECTION_ICONS)[number];
