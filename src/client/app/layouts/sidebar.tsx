// The role's navigation, the signed-in identity and the log-out button. Rendered as a fixed
// column on large screens and inside the left drawer below the lg breakpoint.
import { Link, useLocation } from 'wouter';
import { LogOut } from 'lucide-react';
import type { User } from '@shared/contracts/auth';
import { BrandMark } from '@/components/brand-mark';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { USER_TYPE_LABELS, useLogout } from '@/features/auth/api';
import { cn, initials } from '@/lib/utils';
import { NAV_LINKS, isLinkActive } from '../navigation';
import { paths } from '../paths';

export function SidebarContent({ user, onNavigate }: { user: User; onNavigate?: () => void }) {
  const [location] = useLocation();
  const logoutMutation = useLogout();
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex h-16 shrink-0 items-center border-b border-sidebar-border px-5">
        <Link
          href={paths.dashboard(user.userType)}
          onClick={onNavigate}
          className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="VentureMatch dashboard"
        >
          <BrandMark />
        </Link>
      </div>
      <nav aria-label="Main" className="min-h-0 flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-1">
          {NAV_LINKS[user.userType].map(({ href, label, icon: Icon }) => {
            const isActive = isLinkActive(href, location);
            return (
              <li key={href}>
                <Link
                  href={href}
                  onClick={onNavigate}
                  aria-current={isActive ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    isActive ? 'bg-accent text-accent-foreground' : 'text-sidebar-foreground/80 hover:bg-accent/60 hover:text-sidebar-foreground',
                  )}
                >
                  <Icon aria-hidden className={cn('size-[18px]', isActive ? 'text-accent-foreground' : 'text-muted-foreground')} />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="shrink-0 border-t border-sidebar-border p-3">
        <div className="flex items-center gap-3 rounded-md px-2 py-2">
          <Avatar>
            <AvatarFallback>{initials(user.firstName, user.lastName)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <AccountName user={user} nameClassName="font-medium" />
          </div>
        </div>
        <Button
          variant="ghost"
          className="mt-1 w-full justify-start gap-3 px-3 text-sidebar-foreground/80"
          onClick={() => logoutMutation.mutate()}
          disabled={logoutMutation.isPending}
        >
          <LogOut aria-hidden className="size-[18px] text-muted-foreground" />
          Log out
        </Button>
      </div>
    </div>
  );
}

/** Who is signed in: the full name, and "Startup Account" or "Investor Account" under it. */
export function AccountName({ user, nameClassName }: { user: User; nameClassName: string }) {
  return (
    <>
      <p className={cn('truncate text-sm', nameClassName)}>
        {user.firstName} {user.lastName}
      </p>
      <p className="truncate text-xs text-muted-foreground">{USER_TYPE_LABELS[user.userType]} Account</p>
    </>
  );
}
