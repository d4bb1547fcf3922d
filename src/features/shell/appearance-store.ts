// The theme and direction preferences (docs/product.md "Theme", "LTR/RTL switch").
// Persisted to localStorage, versioned, validated field by field when read back.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@/config/storage-keys';
import type { Direction, Theme } from '@/config/route-themes';
import { nullableOneOf, oneOf, persistOptions, type MigrationSteps } from '@/lib/persisted';

interface ThemePersisted {
  /** The user's explicit choice; null until the switch is pressed (then the route decides). */
  choice: Theme | null;
}
interface ThemeState extends ThemePersisted {
  setChoice: (theme: Theme) => void;
}

export const THEME_STORE_VERSION = 1;
export const themeMigrations: MigrationSteps = {};

export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      choice: null,
      setChoice: (theme) => set({ choice: theme }),
    }),
    persistOptions<ThemePersisted, ThemeState>({
      name: STORAGE_KEYS.theme,
      version: THEME_STORE_VERSION,
      migrations: themeMigrations,
      fields: { choice: nullableOneOf('dark', 'light') },
    }),
  ),
);

interface DirectionPersisted {
  dir: Direction;
}
interface DirectionState extends DirectionPersisted {
  setDir: (dir: Direction) => void;
}

export const DIRECTION_STORE_VERSION = 1;
export const directionMigrations: MigrationSteps = {};

export const useDirectionStore = create<DirectionState>()(
  persist(
    (set) => ({
      dir: 'ltr',
      setDir: (dir) => set({ dir }),
    }),
    persistOptions<DirectionPersisted, DirectionState>({
      name: STORAGE_KEYS.direction,
      version: DIRECTION_STORE_VERSION,
      migrations: directionMigrations,
      fields: { dir: oneOf('ltr', 'rtl') },
    }),
  ),
);
