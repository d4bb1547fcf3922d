import { MessageForm } from '@/features/contact/components/message-form';
import { HelpSupport } from '@/features/help/components/help-support';

export function Component() {
  return (
    <HelpSupport
      form={<MessageForm kind="support" submitLabel="Submit Request" ariaLabel="Support request" />}
    />
  );
}
