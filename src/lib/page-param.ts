// The `?page=` parameter of paginated lists (docs/product.md: real pagination, page in the URL).

export const PAGE_PARAM = 'page';

/** A positive whole page number from the URL; anything else (missing, 0, "abc", "2.5") is 1. */
export function parsePage(raw: string | null | undefined): number {
  if (raw === null || raw === undefined || !/^\d{1,6}$/.test(raw.trim())) return 1;
  const page = Number.parseInt(raw, 10);
  return page >= 1 ? page : 1;
}

/** The page number a URL asks for. */
export function pageOf(url: URL): number {
  return parsePage(url.searchParams.get(PAGE_PARAM));
}

/** `pathname` showing `page`, keeping `params` (page 1 has no parameter). */
export function pageHref(pathname: string, page: number, params?: URLSearchParams): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(PAGE_PARAM, String(page));
  else next.delete(PAGE_PARAM);
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}
