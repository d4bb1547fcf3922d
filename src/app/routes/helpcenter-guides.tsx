import { HelpGuides } from '@/features/help/components/help-guides';

export function Component() {
  return <HelpGuides />;
}
