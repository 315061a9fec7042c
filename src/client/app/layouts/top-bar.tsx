// The bar above every signed-in screen: drawer button (small screens), search, notifications,
// messages, theme and the user menu.
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { LayoutDashboard, LogOut, Menu, Monitor, Moon, Search, Settings, Sun, UserRound } from 'lucide-react';
import { VisuallyHidden } from 'radix-ui';
import type { User } from '@shared/contracts/auth';
import { ThemeMenu } from '@/components/theme-menu';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { useLogout } from '@/features/auth/api';
import { MessagesButton } from '@/features/messaging/components/messages-button';
import { NotificationsButton } from '@/features/notifications/components/notifications-button';
import { useTheme, type Theme } from '@/lib/theme';
import { initials } from '@/lib/utils';
import { paths } from '../paths';
import { AccountName, SidebarContent } from './sidebar';

const SEARCH_PLACEHOLDER: Record<User['userType'], string> = {
  startup: 'Search investors, documents, or messages',
  investor: 'Search startups, documents, or messages',
};

export function TopBar({ user }: { user: User }) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:gap-3 sm:px-6 lg:px-8">
      <MobileNavigation user={user} />
      <SearchBox placeholder={SEARCH_PLACEHOLDER[user.userType]} />
      <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
        <NotificationsButton />
        <MessagesButton />
        {/* On phones the theme choice lives in the user menu, to leave room for search. */}
        <div className="hidden sm:block">
          <ThemeMenu />
        </div>
        <UserMenu user={user} />
      </div>
    </header>
  );
}

function MobileNavigation({ user }: { user: User }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Sheet open={isOpen} onOpenChange={setIsOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="size-9 lg:hidden" aria-label="Open navigation">
          <Menu aria-hidden className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent aria-describedby={undefined}>
        <VisuallyHidden.Root asChild>
          <SheetTitle>Navigation</SheetTitle>
        </VisuallyHidden.Root>
        {/* Closing on click (not on a location effect) also closes it when the link is the current page. */}
        <SidebarContent user={user} onNavigate={() => setIsOpen(false)} />
      </SheetContent>
    </Sheet>
  );
}

function SearchBox({ placeholder }: { placeholder: string }) {
  // Search arrives with the matching, data room and messaging features; until then submitting
  // stays on the page instead of reloading it.
  const onSubmit = (event: FormEvent) => event.preventDefault();
  return (
    <form role="search" onSubmit={onSubmit} className="min-w-0 flex-1 sm:max-w-md">
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input type="search" aria-label="Search" placeholder={placeholder} className="h-9 text-ellipsis bg-muted/50 pl-9 sm:h-10" />
      </div>
    </form>
  );
}

const THEME_ITEMS: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

function UserMenu({ user }: { user: User }) {
  const [, navigate] = useLocation();
  const [theme, setTheme] = useTheme();
  const logoutMutation = useLogout();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-9 rounded-full sm:size-10" aria-label="User menu">
          <Avatar className="size-8">
            <AvatarFallback>{initials(user.firstName, user.lastName)}</AvatarFallback>
          </Avatar>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="font-normal">
          <AccountName user={user} nameClassName="font-semibold" />
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem onSelect={() => navigate(paths.profile(user.userType))}>
            <UserRound aria-hidden />
            Profile
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(paths.dashboard(user.userType))}>
            <LayoutDashboard aria-hidden />
            Dashboard
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(paths.settings)}>
            <Settings aria-hidden />
            Settings
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator className="sm:hidden" />
        <DropdownMenuGroup className="sm:hidden">
          <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">Theme</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
            {THEME_ITEMS.map(({ value, label, icon: Icon }) => (
              <DropdownMenuRadioItem key={value} value={value}>
                <Icon aria-hidden />
                {label}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => logoutMutation.mutate()} disabled={logoutMutation.isPending}>
          <LogOut aria-hidden />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
