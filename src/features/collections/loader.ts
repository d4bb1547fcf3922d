import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Collection, Page } from '@shared/types';
import { pageHref, pageOf } from '@/lib/page-param';
import { loadCollections, loadTopCollections } from './api';

export interface CollectionsData {
  result: Page<Collection>;
  top: Collection[];
}

/** Loads the page the URL asks for; a page past the end goes to the last one. */
export async function collectionsLoader({ request }: LoaderFunctionArgs): Promise<CollectionsData> {
  const page = pageOf(new URL(request.url));
  const [result, top] = await Promise.all([loadCollections(page), loadTopCollections()]);
  if (result.page !== page) throw redirect(pageHref(paths.collections, result.page));
  return { result, top };
}
