import type { BreadcrumbItem } from '@/components/ui/breadcrumb';
import { paths } from '@/config/paths';

/** The breadcrumb of a help centre sub-page: Home > Help centre > the page. */
export function helpCrumbs(page: string): BreadcrumbItem[] {
  return [
    { label: 'Home', to: paths.home },
    { label: 'Help centre', to: paths.helpOverview },
    { label: page },
  ];
}
