import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Item, Page } from '@shared/types';
import { pageHref, pageOf } from '@/lib/page-param';
import { loadAuctions } from './api';

/** Loads the page the URL asks for; a page past the end goes to the last one. */
export async function auctionsLoader({ request }: LoaderFunctionArgs): Promise<Page<Item>> {
  const page = pageOf(new URL(request.url));
  const result = await loadAuctions(page);
  if (result.page !== page) throw redirect(pageHref(paths.auction, result.page));
  return result;
}
