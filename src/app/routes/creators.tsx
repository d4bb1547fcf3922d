import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { creatorsPage } from '@/config/paths';
import { loadCreatorsScreen, parsePage } from '@/features/creators/api';
import { CreatorsPage } from '@/features/creators/components/creators-page';

/** A page past the end goes to the last one. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const asked = parsePage(new URL(request.url).searchParams.get('page'));
  const screen = await loadCreatorsScreen(asked);
  if (screen.page.page !== asked) throw redirect(creatorsPage(screen.page.page));
  return screen;
};

export function Component() {
  return <CreatorsPage {...useLoaderData<typeof loader>()} />;
}
