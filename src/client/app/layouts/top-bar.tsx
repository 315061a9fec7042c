// The bar above every signed-in screen: drawer button (small screens), search, notifications,
// messages, theme and the user menu. The search input opens the command palette
// (features/search), as do ⌘K on macOS and Ctrl+K elsewhere, from any signed-in screen.
import { Suspense, lazy, useEffect, useRef, useState, type FormEvent } from 'react';
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
      <SearchBox role={user.userType} placeholder={SEARCH_PLACEHOLDER[user.userType]} />
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

// The palette is its own chunk, fetched when the input is first focused or the shortcut first
// pressed: most visits never open it.
const loadPalette = () => import('@/features/search/components/command-palette');
const CommandPalette = lazy(async () => ({ default: (await loadPalette()).CommandPalette }));

/** ⌘ on Apple keyboards, Ctrl elsewhere (on a Mac, Ctrl+K is a text-editing key). */
const isApplePlatform = () => /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);

function isPaletteShortcut(event: KeyboardEvent): boolean {
  if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return false;
  return isApplePlatform() ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
}

/**
 * The top bar's search input: a way into the command palette, which does the searching. A click,
 * Enter, or typing opens it, carrying what was typed; focus alone (tabbing past) only fetches its
 * code, so Escape can hand focus back here without opening it again.
 */
function SearchBox({ role, placeholder }: { role: User['userType']; placeholder: string }) {
  const [isOpen, setIsOpen] = useState(false);
  /** Each opening starts a fresh palette (empty, first option chosen); closing keeps it to animate out. */
  const [openings, setOpenings] = useState(0);
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const open = () => {
    if (isOpen) return;
    setOpenings((count) => count + 1);
    setIsOpen(true);
  };
  const onOpenChange = (next: boolean) => {
    setIsOpen(next);
    if (!next) setDraft('');
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      // Browsers give Ctrl+K to their own search box; here it is ours.
      event.preventDefault();
      // The shortcut toggles: pressed in the palette, it closes it again.
      if (isOpen) {
        setIsOpen(false);
        setDraft('');
        return;
      }
      void loadPalette();
      setOpenings((count) => count + 1);
      setIsOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    open();
  };
  return (
    <>
      <form role="search" onSubmit={onSubmit} className="min-w-0 flex-1 sm:max-w-md">
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            ref={inputRef}
            type="search"
            aria-label="Search"
            aria-keyshortcuts={isApplePlatform() ? 'Meta+K' : 'Control+K'}
            placeholder={placeholder}
            className="h-9 text-ellipsis bg-muted/50 pl-9 sm:h-10"
            value={draft}
            onFocus={() => void loadPalette()}
            onClick={open}
            onChange={(event) => {
              setDraft(event.target.value);
              if (event.target.value.trim() !== '') open();
            }}
          />
        </div>
      </form>
      {/* Portalled to <body>; kept out of the form so nothing in it can submit the form. */}
      {openings > 0 && (
        <Suspense fallback={null}>
          <CommandPalette
            key={openings}
            role={role}
            isOpen={isOpen}
            onOpenChange={onOpenChange}
            readTypedText={() => inputRef.current?.value ?? ''}
            placeholder={placeholder}
          />
        </Suspense>
      )}
    </>
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
