import { useLoaderData } from 'react-router-dom';
import { MessageForm } from '@/features/contact/components/message-form';
import { HelpOverview } from '@/features/help/components/help-overview';
import { loadHelpOverview } from '@/features/help/api';

export const loader = () => loadHelpOverview();

export function Component() {
  return (
    <HelpOverview
      data={useLoaderData<typeof loader>()}
      supportForm={
        <MessageForm kind="support" submitLabel="Submit Request" ariaLabel="Support request" />
      }
    />
  );
}
