// Test support: the saved source the app gives the cards, the device's current data access.
import { getDataAccess } from '@/data/data-access';
import type { SavedSource } from '../saved-source';

export const deviceSavedSource = async (): Promise<SavedSource> => getDataAccess();
