import { NotificationsPage } from '@/features/notifications/components/notifications-page';

// The inbox (docs/product.md "Notifications"): it reads the device after the first render, so
// the prerendered page and a signed-out visit show the same.
export function Component() {
  return <NotificationsPage />;
}
