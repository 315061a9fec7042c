// "Verified": the account behind a card or profile has confirmed its email address (issue #17).
// Shown beside the name on match cards and public profiles; absent otherwise (an unverified
// account gets no negative mark, since most people verify later).
import { BadgeCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

export function VerifiedBadge() {
  return (
    <Badge variant="outline" className="text-primary" title="This account has confirmed its email address">
      <BadgeCheck aria-hidden />
      Verified
    </Badge>
  );
}
