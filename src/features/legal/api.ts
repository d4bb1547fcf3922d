import { getDataAccess } from '@/data/data-access';
import type { FaqEntry } from '@/data/types';

export function loadTerms(): Promise<FaqEntry[]> {
  return getDataAccess().listTerms();
}
