// How a thread is laid out: messages from one sender in a row, each within five minutes of the one
// before, share one header (who and when), as in every chat app people know.
import type { Message } from '@shared/contracts/messages';

/** A sender's next message starts a new group once this much time has passed. */
export const GROUP_WINDOW_MS = 5 * 60_000;

export interface MessageRun {
  senderId: number;
  /** When the run's first message was sent: the header's time. */
  startedAt: string;
  messages: Message[];
}

/** Splits messages (oldest first, one day of them) into runs by one sender with no gap over five minutes. */
export function groupIntoRuns(messages: readonly Message[]): MessageRun[] {
  const runs: MessageRun[] = [];
  for (const message of messages) {
    const run = runs.at(-1);
    const previous = run?.messages.at(-1);
    const continues = run && previous && run.senderId === message.senderId && Date.parse(message.sentAt) - Date.parse(previous.sentAt) <= GROUP_WINDOW_MS;
    if (continues) run.messages.push(message);
    else runs.push({ senderId: message.senderId, startedAt: message.sentAt, messages: [message] });
  }
  return runs;
}
