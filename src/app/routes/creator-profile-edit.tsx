import { useLoaderData } from 'react-router-dom';
import { ChangePasswordSection } from '@/features/account/components/change-password-section';
import { DeleteAccountSection } from '@/features/account/components/delete-account-section';
import { useSessionStore } from '@/data/session-store';
import { StoredMessages } from '@/features/contact/components/stored-messages';
import { PushButton } from '@/features/notifications/push/push-button';
import { loadProfileEdit } from '@/features/profile/api';
import { ProfileEditPage } from '@/features/profile/components/profile-edit-page';
import { StorageSettings } from '@/features/pwa/components/storage-settings';
import { SyncSettings } from '@/features/sync/components/sync-settings';

// Profile edit and settings (docs/product.md "Profile edit and settings"): the profile's sections,
// then change password and delete account (account feature), the sync panel (sync feature), the
// messages kept on this device (contact feature) and the device storage settings (pwa feature).
export const loader = () => loadProfileEdit();

const MORE_SECTIONS = [
  { id: 'change-password', label: 'Change password' },
  { id: 'sync', label: 'Sync' },
  { id: 'messages', label: 'Messages' },
  { id: 'storage', label: 'Storage' },
  { id: 'delete-account', label: 'Delete account' },
];

export function Component() {
  return (
    <ProfileEditPage
      data={useLoaderData<typeof loader>()}
      onIdentityChange={(patch) => useSessionStore.getState().updateUser(patch)}
      moreSections={MORE_SECTIONS}
      marketplaceExtra={<PushButton />}
    >
      <ChangePasswordSection />
      <div id="sync">
        <SyncSettings />
      </div>
      <div id="messages">
        <StoredMessages />
      </div>
      <div id="storage">
        <StorageSettings />
      </div>
      <DeleteAccountSection />
    </ProfileEditPage>
  );
}
