// How a conversation partner is shown in both panes: the name, and an avatar that falls back to
// initials. Only same-origin images are tried: the CSP (img-src 'self') blocks any other host.
import type { ConversationSummary } from '@shared/contracts/messages';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { initials } from '@/lib/utils';

type Partner = Pick<ConversationSummary, 'firstName' | 'lastName' | 'avatar'>;

export function partnerName(partner: Pick<ConversationSummary, 'firstName' | 'lastName'>): string {
  return `${partner.firstName} ${partner.lastName}`.trim();
}

function isSameOriginPath(url: string | null): url is string {
  return Boolean(url && url.startsWith('/') && !url.startsWith('//'));
}

export function PartnerAvatar({ partner, className }: { partner: Partner; className?: string }) {
  return (
    <Avatar className={className} aria-hidden>
      {isSameOriginPath(partner.avatar) && <AvatarImage src={partner.avatar} alt="" />}
      <AvatarFallback>{initials(partner.firstName, partner.lastName)}</AvatarFallback>
    </Avatar>
  );
}
