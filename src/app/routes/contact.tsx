import { Contact } from '@/features/contact/components/contact';

export function Component() {
  return <Contact />;
}
