import { useLoaderData } from 'react-router-dom';
import { HelpFaqs } from '@/features/help/components/help-faqs';
import { loadFaqSections } from '@/features/help/api';

export const loader = () => loadFaqSections();

export function Component() {
  return <HelpFaqs sections={useLoaderData<typeof loader>()} />;
}
