// /settings: the account's settings, for both roles, reached from the user menu. Each section is a
// card of its own, so the account issue's sections (account, password, sessions, export, delete)
// join the blocked-users one here.
import { PageHeader } from '@/components/ui/page-header';
import { BlockedUsersSection } from '@/features/safety/components/blocked-users-section';

export function SettingsScreen() {
  return (
    <>
      <PageHeader title="Settings" description="Your account, and who can reach you." />
      <div className="grid max-w-3xl gap-6">
        <BlockedUsersSection />
      </div>
    </>
  );
}
