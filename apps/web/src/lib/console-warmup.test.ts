import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureConsoleWarmup, warmConsole } from './console-warmup';

afterEach(() => configureConsoleWarmup(() => undefined));

describe('warming the console while signing in', () => {
  it('hands the target address to what the app registered', () => {
    const warm = vi.fn();
    configureConsoleWarmup(warm);
    warmConsole('/userMgt/agentMgt');
    expect(warm).toHaveBeenCalledWith('/userMgt/agentMgt');
  });

  it('never lets a failing warm-up break the sign-in', () => {
    configureConsoleWarmup(() => {
      throw new Error('chunk missing');
    });
    expect(() => warmConsole('/dashboard')).not.toThrow();
  });
});
