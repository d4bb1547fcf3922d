import { useLoaderData } from 'react-router-dom';
import { Terms } from '@/features/legal/components/terms';
import { loadTerms } from '@/features/legal/api';

export const loader = () => loadTerms();

export function Component() {
  return <Terms entries={useLoaderData<typeof loader>()} />;
}
