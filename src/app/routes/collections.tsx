import { useLoaderData } from 'react-router-dom';
import { CollectionsPage } from '@/features/collections/components/collections-page';
import { collectionsLoader } from '@/features/collections/loader';

export const loader = collectionsLoader;

export function Component() {
  const { result, top } = useLoaderData<typeof loader>();
  return <CollectionsPage result={result} top={top} />;
}
