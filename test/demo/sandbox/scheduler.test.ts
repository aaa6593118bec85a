// The scheduler's timers on a fake clock: waits longer than setTimeout's 2^31-1 ms ceiling end at the real deadline.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_DELAY, Scheduler } from '../../../demo/sandbox/scheduler.js';

const MINUTE = 60_000;

describe('Scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('later: a cancellationTimeout of 40 000 minutes (past the ceiling) runs at its deadline, not early', () => {
    const scheduler = new Scheduler();
    const task = vi.fn();
    const delay = 40_000 * MINUTE;
    expect(delay).toBeGreaterThan(MAX_TIMER_DELAY);
    scheduler.later(delay, task);
    vi.advanceTimersByTime(MAX_TIMER_DELAY);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(delay - MAX_TIMER_DELAY - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
  });

  it('later: several times the ceiling, then exactly once', () => {
    const scheduler = new Scheduler();
    const task = vi.fn();
    scheduler.later(3 * MAX_TIMER_DELAY + 5, task);
    vi.advanceTimersByTime(3 * MAX_TIMER_DELAY + 4);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(10 * MAX_TIMER_DELAY);
    expect(task).toHaveBeenCalledOnce();
  });

  it('sleep: resolves at the real deadline of a long wait', async () => {
    const scheduler = new Scheduler();
    let done = false;
    void scheduler.sleep(MAX_TIMER_DELAY + MINUTE).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(MAX_TIMER_DELAY + MINUTE - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('close: cancels a long timer after it was re-armed, and rejects a long sleep', async () => {
    const scheduler = new Scheduler();
    const task = vi.fn();
    scheduler.later(2 * MAX_TIMER_DELAY, task);
    const sleeping = scheduler.sleep(2 * MAX_TIMER_DELAY);
    vi.advanceTimersByTime(MAX_TIMER_DELAY + 1);
    scheduler.close();
    await expect(sleeping).rejects.toThrow('sandbox closed');
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(2 * MAX_TIMER_DELAY);
    expect(task).not.toHaveBeenCalled();
  });
});
