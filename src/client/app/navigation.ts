// The sidebar links per role, in the order they are shown. The layout, the drawer and the
// role guards all read this one table.
import {
  BarChart3,
  Briefcase,
  Compass,
  FileText,
  FolderLock,
  Handshake,
  LayoutDashboard,
  MessagesSquare,
  Milestone,
  Rocket,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { UserType } from '@shared/enums';
import { ROUTES, paths } from './paths';

export interface NavLink {
  href: string;
  label: string;
  icon: LucideIcon;
}

export const NAV_LINKS: Record<UserType, readonly NavLink[]> = {
  startup: [
    { href: paths.dashboard('startup'), label: 'Dashboard', icon: LayoutDashboard },
    { href: paths.matches('startup'), label: 'Investor Matches', icon: Handshake },
    { href: paths.discover(), label: 'Discover', icon: Compass },
    { href: paths.dataRoom, label: 'Data Room', icon: FolderLock },
    { href: paths.communications(), label: 'Communications', icon: MessagesSquare },
    { href: paths.milestones('startup'), label: 'Milestones', icon: Milestone },
    { href: paths.profile('startup'), label: 'Profile', icon: UserRound },
  ],
  investor: [
    { href: paths.dashboard('investor'), label: 'Dashboard', icon: LayoutDashboard },
    { href: paths.matches('investor'), label: 'Startups', icon: Rocket },
    { href: paths.discover(), label: 'Discover', icon: Compass },
    { href: paths.documents, label: 'Documents', icon: FileText },
    { href: paths.portfolio(), label: 'Portfolio', icon: Briefcase },
    { href: paths.analytics, label: 'Analytics', icon: BarChart3 },
    { href: paths.milestones('investor'), label: 'Milestones', icon: Milestone },
    { href: paths.profile('investor'), label: 'Profile', icon: UserRound },
  ],
};

/** '/' is the startup dashboard too (spec route table), so its link lights up there. */
export function isLinkActive(href: string, location: string): boolean {
  const path = location.length > 1 ? location.replace(/\/+$/, '') : location;
  return path === href || (path === ROUTES.home && href === ROUTES.startupDashboard);
}
