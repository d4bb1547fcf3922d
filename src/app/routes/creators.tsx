import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { loadCreatorsPage, parsePage } from '@/features/creators/api';
import { CreatorsPage } from '@/features/creators/components/creators-page';

export const loader = ({ request }: LoaderFunctionArgs) =>
  loadCreatorsPage(parsePage(new URL(request.url).searchParams.get('page')));

export function Component() {
  return <CreatorsPage page={useLoaderData<typeof loader>()} />;
}
