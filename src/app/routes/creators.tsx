import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { loadCreatorsScreen, parsePage } from '@/features/creators/api';
import { CreatorsPage } from '@/features/creators/components/creators-page';

export const loader = ({ request }: LoaderFunctionArgs) =>
  loadCreatorsScreen(parsePage(new URL(request.url).searchParams.get('page')));

export function Component() {
  return <CreatorsPage {...useLoaderData<typeof loader>()} />;
}
