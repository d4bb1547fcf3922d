import { BecomeCreatorPage } from '@/features/upload/components/become-creator-page';

export function Component() {
  return <BecomeCreatorPage />;
}
