import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { blogsPage } from '@/config/paths';
import { BlogList } from '@/features/blog/components/blog-list';
import { loadBlogPage, parsePage } from '@/features/blog/api';

export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get('page');
  const page = await loadBlogPage(parsePage(raw));
  // A page past the end (or an unreadable one) goes to the nearest real page.
  if (raw !== null && raw !== String(page.page)) throw redirect(blogsPage(page.page));
  return page;
}

export function Component() {
  return <BlogList page={useLoaderData<typeof loader>()} />;
}
