// Writing a message: Enter sends and Shift+Enter starts a new line; blank
// messages are never sent; while sending, the input and the button are disabled; on success the
// input clears; on failure a toast says 'Failed to send message: {server message}' and the text
// stays, so nothing typed is lost.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { MAX_MESSAGE_LENGTH, type ConversationSummary } from '@shared/contracts/messages';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { useSendMessage } from '../api';
import { partnerName } from './partner-avatar';

/** The counter appears this close to the limit, so it does not clutter ordinary messages. */
const COUNTER_FROM = MAX_MESSAGE_LENGTH - 500;
const numberFormat = new Intl.NumberFormat();

export function MessageComposer({ partner }: { partner: ConversationSummary }) {
  const [content, setContent] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const { mutate, isPending } = useSendMessage();
  const trimmed = content.trim();
  const isTooLong = trimmed.length > MAX_MESSAGE_LENGTH;
  const canSend = trimmed.length > 0 && !isTooLong && !isPending;

  // A disabled textarea loses focus; give it back once the send has finished either way.
  const refocusAfterSend = useRef(false);
  useEffect(() => {
    if (!isPending && refocusAfterSend.current) {
      refocusAfterSend.current = false;
      inputRef.current?.focus();
    }
  }, [isPending]);

  const send = () => {
    if (!canSend) return;
    refocusAfterSend.current = true;
    mutate({ receiverId: partner.userId, content: trimmed }, { onSuccess: () => setContent('') });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter falls through to a new line. Enter that confirms an input-method
    // composition (Japanese, Chinese, ...) is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form onSubmit={onSubmit} className="border-t p-3">
      <div className="flex items-end gap-2">
        <Textarea
          ref={inputRef}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={isPending}
          rows={1}
          aria-label={`Message to ${partnerName(partner)}`}
          aria-describedby={hintId}
          aria-invalid={isTooLong}
          placeholder="Type your message..."
          className="max-h-32 min-h-10 resize-none field-sizing-content"
        />
        <Button type="submit" disabled={!canSend} aria-label="Send message" className="h-10 shrink-0 px-3 sm:px-4">
          <SendHorizontal aria-hidden />
          <span className="hidden sm:inline">{isPending ? 'Sending...' : 'Send'}</span>
        </Button>
      </div>
      <div id={hintId} className="mt-1.5 flex justify-between gap-3 px-1 text-xs text-muted-foreground">
        {isTooLong ? (
          <span role="alert" className="text-destructive">
            Messages can be at most 5,000 characters
          </span>
        ) : (
          <span className="hidden sm:inline">Enter to send, Shift+Enter for a new line</span>
        )}
        {trimmed.length >= COUNTER_FROM && (
          <span className={cn('ml-auto tabular-nums', isTooLong && 'text-destructive')}>
            {numberFormat.format(trimmed.length)} / {numberFormat.format(MAX_MESSAGE_LENGTH)}
          </span>
        )}
      </div>
    </form>
  );
}
