// @vitest-environment node
// The home variants whose default theme is light are labelled Light in the navigation and in
// their titles (issue 31).
import { describe, expect, it } from 'vitest';
import { LIGHT_HOME_VARIANTS, defaultThemeFor } from '@/config/route-themes';
import { navGroups } from '@/features/shell/nav';
import { screenRoutes } from '../route-table';

describe('light home variants', () => {
  const homes = screenRoutes.filter((r) => r.module === 'home');

  it('say Light in their titles, exactly those whose default theme is light', () => {
    expect(homes).toHaveLength(10);
    for (const route of homes) {
      expect(route.title.endsWith(' Light'), route.path).toBe(
        defaultThemeFor(route.path) === 'light',
      );
    }
    expect(homes.filter((r) => r.title.endsWith(' Light')).map((r) => r.title)).toEqual([
      'Home Three Light',
      'Home Six Light',
      'Home Nine Light',
    ]);
    expect(LIGHT_HOME_VARIANTS).toHaveLength(3);
  });

  it('say Light in the navigation', () => {
    const links = navGroups.find((g) => g.id === 'home')?.links ?? [];
    expect(links.filter((l) => l.label.endsWith(' Light')).map((l) => l.label)).toEqual([
      'Home Three Light',
      'Home Six Light',
      'Home Nine Light',
    ]);
    for (const link of links) {
      expect(link.label.endsWith(' Light'), link.to).toBe(defaultThemeFor(link.to) === 'light');
    }
  });
});
