// The theme and direction preferences (spec section 1; PRODUCT.md "Theme", "LTR/RTL switch").
// Persisted to localStorage, versioned, validated field by field when read back.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@/config/storage-keys';
import type { Direction, Theme } from '@/config/route-themes';
import {
  nullableOneOf,
  oneOf,
  runMigrations,
  safeJsonStorage,
  validatedMerge,
  type MigrationSteps,
} from '@/lib/persisted';

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
    {
      name: STORAGE_KEYS.theme,
      version: THEME_STORE_VERSION,
      storage: safeJsonStorage<ThemePersisted>(),
      partialize: (s) => ({ choice: s.choice }),
      migrate: (state, version) =>
        runMigrations(
          state,
          version,
          THEME_STORE_VERSION,
          themeMigrations,
        ) as unknown as ThemePersisted,
      merge: validatedMerge<ThemePersisted, ThemeState>({ choice: nullableOneOf('dark', 'light') }),
    },
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
    {
      name: STORAGE_KEYS.direction,
      version: DIRECTION_STORE_VERSION,
      storage: safeJsonStorage<DirectionPersisted>(),
      partialize: (s) => ({ dir: s.dir }),
      migrate: (state, version) =>
        runMigrations(
          state,
          version,
          DIRECTION_STORE_VERSION,
          directionMigrations,
        ) as unknown as DirectionPersisted,
      merge: validatedMerge<DirectionPersisted, DirectionState>({ dir: oneOf('ltr', 'rtl') }),
    },
  ),
);
