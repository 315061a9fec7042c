// The sidebar links per role (spec §2, in the spec's order). The layout, the drawer and the
// role guards all read this one table.
import { BarChart3, Briefcase, FileText, FolderLock, Handshake, LayoutDashboard, MessagesSquare, Milestone, Rocket, UserRound, type LucideIcon } from 'lucide-react';
import type { UserType } from '@shared/enums';

export interface NavLink {
  href: string;
  label: string;
  icon: LucideIcon;
}

export const NAV_LINKS: Record<UserType, readonly NavLink[]> = {
  startup: [
    { href: '/startup/dashboard', label: 'Dashboard', icon: LayoutDashboard },
    { href: '/startup/investor-matches', label: 'Investor Matches', icon: Handshake },
    { href: '/startup/data-room', label: 'Data Room', icon: FolderLock },
    { href: '/startup/communications', label: 'Communications', icon: MessagesSquare },
    { href: '/startup/milestones', label: 'Milestones', icon: Milestone },
    { href: '/startup/profile', label: 'Profile', icon: UserRound },
  ],
  investor: [
    { href: '/investor/dashboard', label: 'Dashboard', icon: LayoutDashboard },
    { href: '/investor/startups', label: 'Startups', icon: Rocket },
    { href: '/investor/documents', label: 'Documents', icon: FileText },
    { href: '/investor/portfolio', label: 'Portfolio', icon: Briefcase },
    { href: '/investor/analytics', label: 'Analytics', icon: BarChart3 },
    { href: '/investor/milestones', label: 'Milestones', icon: Milestone },
    { href: '/investor/profile', label: 'Profile', icon: UserRound },
  ],
};

/** '/' is the startup dashboard too (spec route table), so its link lights up there. */
export function isLinkActive(href: string, location: string): boolean {
  const path = location.length > 1 ? location.replace(/\/+$/, '') : location;
  return path === href || (path === '/' && href === '/startup/dashboard');
}
