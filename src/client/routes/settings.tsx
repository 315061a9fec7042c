// /settings: the account's settings, for both roles, reached from the user menu. Each section is a
// card of its own: the account and its address, how we tell the user about things (issue #18), then
// in the order of issue #17 the password, where the account is signed in, who is blocked, the data
// export, and deleting the account.
import { PageHeader } from '@/components/ui/page-header';
import { AccountSection, PasswordSection } from '@/features/account/components/account-sections';
import { DeleteAccountSection, ExportSection } from '@/features/account/components/data-sections';
import { DealFlowSection } from '@/features/account/components/deal-flow-section';
import { NotificationsSection } from '@/features/account/components/notifications-section';
import { SessionsSection } from '@/features/account/components/sessions-section';
import { BlockedUsersSection } from '@/features/safety/components/blocked-users-section';

export function SettingsScreen() {
  return (
    <>
      <PageHeader title="Settings" description="Your account, how we keep you posted, where you are signed in, who can reach you, and your data." />
      <div className="grid max-w-3xl gap-6">
        <AccountSection />
        <DealFlowSection />
        <NotificationsSection />
        <PasswordSection />
        <SessionsSection />
        <BlockedUsersSection />
        <ExportSection />
        <DeleteAccountSection />
      </div>
    </>
  );
}
