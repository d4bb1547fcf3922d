import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { paths } from '@/config/paths';
import { BlogDetail } from '@/features/blog/components/blog-detail';
import { loadBlogPost } from '@/features/blog/api';
import { NotFound } from '@/features/status/components/not-found';

export function loader({ params }: LoaderFunctionArgs) {
  return loadBlogPost(params.id);
}

export function Component() {
  const view = useLoaderData<typeof loader>();
  if (!view) {
    return <NotFound what="blog post" backTo={{ label: 'Back to the blog', to: paths.blogs }} />;
  }
  return <BlogDetail key={view.post.id} view={view} />;
}
