import { describe, expect, it } from 'vitest';
import { requestDue } from './request-due';

const created = new Date('2026-11-20T10:00:00Z');
const after = (hours: number) => new Date(created.getTime() + hours * 3_600_000);

describe('a request is due 72 hours after it was asked for', () => {
  it('is on time before 48 hours, due soon between 48 and 72, overdue after 72', () => {
    expect(requestDue(created, after(1))).toMatchObject({ state: 'on_time', text: 'Due in 2 days' });
    expect(requestDue(created, after(30))).toMatchObject({ state: 'on_time', text: 'Due in 42 h' });
    expect(requestDue(created, after(50))).toMatchObject({ state: 'due_soon', text: 'Due in 22 h' });
    expect(requestDue(created, after(71.5))).toMatchObject({
      state: 'due_soon',
      text: 'Due in under an hour',
    });
    expect(requestDue(created, after(80))).toMatchObject({ state: 'overdue', text: 'Overdue by 8 h' });
    expect(requestDue(created, after(72 + 96))).toMatchObject({
      state: 'overdue',
      text: 'Overdue by 4 days',
    });
    expect(requestDue(created.toISOString(), after(0)).dueAt.toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });
});
