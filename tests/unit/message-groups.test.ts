// Messages from one sender within five minutes of each other share one header.
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/shared/contracts/messages';
import { groupIntoRuns } from '../../src/client/features/messaging/message-groups';

let nextId = 1;
const at = (senderId: number, sentAt: string): Message => ({ id: nextId++, senderId, receiverId: senderId === 1 ? 2 : 1, content: 'Hi', read: false, sentAt });

describe('groupIntoRuns', () => {
  it('keeps consecutive messages of one sender within five minutes of the previous one together', () => {
    const messages = [at(1, '2026-11-24T10:00:00Z'), at(1, '2026-11-24T10:03:00Z'), at(1, '2026-11-24T10:08:00Z')];
    // Each message is within five minutes of the one before it, so one run, even across eight minutes.
    expect(groupIntoRuns(messages).map((run) => run.messages.length)).toEqual([3]);
    expect(groupIntoRuns(messages)[0]!.startedAt).toBe('2026-11-24T10:00:00Z');
  });

  it('starts a new run after a gap over five minutes, or when the other side writes', () => {
    const messages = [
      at(1, '2026-11-24T10:00:00Z'),
      at(1, '2026-11-24T10:05:01Z'),
      at(2, '2026-11-24T10:06:00Z'),
      at(2, '2026-11-24T10:06:30Z'),
      at(1, '2026-11-24T10:07:00Z'),
    ];
    expect(groupIntoRuns(messages).map((run) => [run.senderId, run.messages.length])).toEqual([
      [1, 1],
      [1, 1],
      [2, 2],
      [1, 1],
    ]);
  });

  it('treats exactly five minutes as the same run, and an empty day as no runs', () => {
    expect(groupIntoRuns([at(1, '2026-11-24T10:00:00Z'), at(1, '2026-11-24T10:05:00Z')])).toHaveLength(1);
    expect(groupIntoRuns([])).toEqual([]);
  });
});
